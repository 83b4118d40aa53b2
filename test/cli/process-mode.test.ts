// The process-mode contract of program.ts: input forms, and every way a case file can be bad.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProgram } from '../helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-case-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const pong = '{"responses":[{"jsonrpc":"2.0","id":1,"result":{}}]}\n';

describe('program.ts mcp-server', () => {
  it('reads the case from stdin when no path is given', async () => {
    const result = await runProgram(['mcp-server'], JSON.stringify({ requests: [ping] }));
    expect(result).toStrictEqual({ code: 0, stdout: pong, stderr: '' });
  });

  it('accepts a bare array of frames', async () => {
    const result = await runProgram(['mcp-server', write('bare.json', JSON.stringify([ping]))]);
    expect(result).toStrictEqual({ code: 0, stdout: pong, stderr: '' });
  });

  it('prints an empty list when every frame is a notification', async () => {
    const path = write(
      'quiet.json',
      JSON.stringify({ requests: [{ jsonrpc: '2.0', method: 'notifications/initialized' }] }),
    );
    expect(await runProgram(['mcp-server', path])).toStrictEqual({ code: 0, stdout: '{"responses":[]}\n', stderr: '' });
  });

  const bad: [string, () => string[], string][] = [
    [
      'a missing file',
      () => [join(dir, 'absent.json')],
      `zod-mcp: cannot read case file ${join(dir, 'absent.json')}: no such file\n`,
    ],
    [
      'a directory',
      () => [dir],
      `zod-mcp: cannot read case file ${dir}: EISDIR: illegal operation on a directory, read\n`,
    ],
    [
      'a file that is not JSON',
      () => [write('broken.json', '{"requests": [')],
      `zod-mcp: ${join(dir, 'broken.json')} is not JSON: Unexpected end of JSON input\n`,
    ],
    [
      'JSON that is not a case',
      () => [write('other.json', '{"frames": []}')],
      `zod-mcp: ${join(dir, 'other.json')} is not a case file ({"requests": [...]} or an array of frames): requests: missing, expected array\n`,
    ],
    [
      'an unknown tool set',
      () => [write('tools.json', '{"tools": "all", "requests": []}')],
      `zod-mcp: ${join(dir, 'tools.json')} is not a case file ({"requests": [...]} or an array of frames): tools: Invalid option: expected one of "server"|"demo"\n`,
    ],
  ];

  it.each(bad)('exits 2 with one line on stderr and nothing on stdout for %s', async (_name, args, stderr) => {
    const result = await runProgram(['mcp-server', ...args()]);
    expect(result).toStrictEqual({ code: 2, stdout: '', stderr });
  });

  it('exits 2 on an unknown command, in one line naming the closest one', async () => {
    expect(await runProgram(['frobnicate'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: 'zod-mcp: unknown command: frobnicate; `zod-mcp --help` lists the commands\n',
    });
    expect(await runProgram(['mcp-servr'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: 'zod-mcp: unknown command: mcp-servr (did you mean mcp-server?); `zod-mcp --help` lists the commands\n',
    });
  });

  it('exits 2 on two case files, or an option it does not have', async () => {
    expect(await runProgram(['mcp-server', 'a.json', 'b.json'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: 'zod-mcp: mcp-server: one case file, not 2: a.json b.json\n',
    });
    expect(await runProgram(['mcp-server', '--verbose'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: 'zod-mcp: mcp-server: unknown option --verbose; `zod-mcp mcp-server --help` lists the options\n',
    });
  });
});
