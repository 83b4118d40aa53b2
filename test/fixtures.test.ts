// Every fixture through every entry point: handle() in process, and the spawned program.ts.
import { describe, expect, it } from 'vitest';
import { runCase } from '../src/process-mode.js';
import { expectedText, loadFixtures } from './helpers/fixtures.js';
import { runProgram } from './helpers/run.js';

const fixtures = loadFixtures();

describe('fixtures', () => {
  it('include the seed case', () => {
    expect(fixtures.map((f) => f.name)).toContain('tools-call-handler');
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
  });

  describe.each(fixtures)('$name', (fixture) => {
    it('gives the expected frames through handle()', async () => {
      const output = await runCase(fixture.testCase);
      expect(output).toStrictEqual(fixture.expected);
      expect(JSON.stringify(output)).toBe(expectedText(fixture));
    });

    it('gives the expected frames through program.ts mcp-server', async () => {
      const { code, stdout, stderr } = await runProgram(['mcp-server', fixture.casePath]);
      expect({ code, stderr }).toStrictEqual({ code: 0, stderr: '' });
      expect(stdout).toBe(`${expectedText(fixture)}\n`);
    });
  });
});
