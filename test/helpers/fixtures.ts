import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CaseFile, CaseOutput } from '../../schemas/case.js';

export const fixturesDir = join(import.meta.dirname, '..', '..', 'fixtures');

export interface Fixture {
  name: string;
  casePath: string;
  testCase: CaseFile;
  expected: CaseOutput;
}

/** Every fixtures/<behaviour>/ folder with its case and expected output, parsed with the contract's schemas. */
export function loadFixtures(): Fixture[] {
  return readdirSync(fixturesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = join(fixturesDir, entry.name);
      const casePath = join(dir, 'case.json');
      return {
        name: entry.name,
        casePath,
        testCase: CaseFile().parse(JSON.parse(readFileSync(casePath, 'utf8'))),
        expected: CaseOutput().parse(JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'))),
      };
    });
}

/** The expected output exactly as the wire has it: compact JSON, key order included. */
export function expectedText(fixture: Fixture): string {
  return JSON.stringify(JSON.parse(readFileSync(join(fixturesDir, fixture.name, 'expected.json'), 'utf8')));
}
