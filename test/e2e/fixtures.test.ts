// Every fixture through every entry point: handle() in process, the spawned program.ts, and stdio
// (HTTP in test/transports/http/fixtures.test.ts). A fixture of the 2026 era goes with the envelope on each frame.
import { describe, expect, it } from 'vitest';
import { frameForEra, runCase } from '../../src/cli/process-mode.js';
import { expectedText, loadFixtures } from '../helpers/fixtures.js';
import { runProgram } from '../helpers/run.js';
import { StdioPeer } from '../helpers/stdio-peer.js';

const fixtures = loadFixtures();

describe('fixtures', () => {
  it('include the tools/call handler case', () => {
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

    it('gives the expected frames through zod-mcp serve (stdio)', async () => {
      const peer = new StdioPeer(fixture.testCase.tools === 'demo' ? ['serve', '--demo'] : ['serve']);
      peer.send(
        fixture.testCase.requests
          .map((frame) => `${JSON.stringify(frameForEra(frame, fixture.testCase.era))}\n`)
          .join(''),
      );
      expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
      // stdio runs requests concurrently, so answers may come in another order; each frame must match exactly.
      const responses = peer.lines.filter((line) => !line.startsWith('{"jsonrpc":"2.0","method":'));
      const expected = fixture.expected.responses.map((response) => JSON.stringify(response));
      expect(responses.toSorted()).toStrictEqual(expected.toSorted());
    });
  });
});
