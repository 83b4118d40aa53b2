// `zod-mcp snapshot`: the same bytes on every run and through every way of reaching the server, and
// `--check` classifying what changed against a committed file, with its exit codes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSnapshot, snapshotOf } from '../../src/testing.js';
import { root, run } from '../helpers/run.js';
import { startServe, type ServeProcess } from '../helpers/serve-process.js';
import { programJs } from '../helpers/stdio-peer.js';
import { server } from './modules/contract.js';

const module = join(root, 'test', 'cli', 'modules', 'contract.ts');
const snapshot = (args: readonly string[]) => run(process.execPath, [programJs, 'snapshot', ...args]);
const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-snapshot-'));

describe('zod-mcp snapshot', () => {
  let served: ServeProcess;
  let bytes: string;
  beforeAll(async () => {
    served = await startServe([module, '--port', '0']);
    bytes = formatSnapshot(await snapshotOf(server));
  });
  afterAll(async () => {
    await served.stop();
  });

  it("prints snapshotOf's bytes, the same on a second run", async () => {
    const first = await snapshot([module]);
    expect(first).toStrictEqual({ code: 0, stdout: bytes, stderr: '' });
    expect((await snapshot([module])).stdout).toBe(first.stdout);
    expect(bytes.endsWith('}\n')).toBe(true);
    expect(bytes).toContain('\n  "eras": {\n    "2025": {\n      "protocolVersion": "2025-11-25",');
  });

  it('is the same through serve over stdio and over HTTP', async () => {
    const stdio = await snapshot(['--', process.execPath, programJs, 'serve', module]);
    expect(stdio).toStrictEqual({ code: 0, stdout: bytes, stderr: '' });
    expect(await snapshot([served.url])).toStrictEqual({ code: 0, stdout: bytes, stderr: '' });
  });

  it('writes --out whole, and --structural without descriptions', async () => {
    const file = join(dir, 'out.json');
    expect(await snapshot([module, '--out', file])).toStrictEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe(bytes);
    const structural = await snapshot([module, '--structural']);
    expect(structural.stdout).toBe(formatSnapshot(await snapshotOf(server, { structural: true })));
    expect(structural.stdout).not.toContain('"description"');
  });

  describe('--check', () => {
    const committed = (edit: (snapshot: Record<string, any>) => void) => {
      const file = join(dir, `committed-${Math.random().toString(36).slice(2)}.json`);
      const value = JSON.parse(bytes);
      edit(value);
      writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
      return file;
    };

    it('says "no changes" and exits 0 when the server is as committed', async () => {
      expect(await snapshot(['--check', committed(() => {}), module])).toStrictEqual({
        code: 0,
        stdout: 'no changes\n',
        stderr: '',
      });
    });

    it('exits 1 on a breaking change, and prints each change with its rule', async () => {
      const file = committed((value) => {
        value.tools.push({ name: 'gone', inputSchema: { type: 'object' } });
        value.tools.find((tool: { name: string }) => tool.name === 'refuse').description = 'Old words.';
      });
      expect(await snapshot(['--check', file, module])).toStrictEqual({
        code: 1,
        stdout:
          'breaking (1):\n  tools/gone: removed [tool-removed]\n' +
          'risky (1):\n  tools/refuse/description: description changed [text-changed]\n',
        stderr: '',
      });
    });

    it('exits 0 on a risky change unless --fail-on risky, and prints JSON with --json', async () => {
      const file = committed((value) => {
        value.tools.find((tool: { name: string }) => tool.name === 'refuse').description = 'Old words.';
      });
      expect((await snapshot(['--check', file, module])).code).toBe(0);
      const risky = await snapshot(['--check', file, module, '--fail-on', 'risky', '--json']);
      expect(risky).toStrictEqual({
        code: 1,
        stdout:
          '{"breaking":[],"risky":[{"path":"tools/refuse/description","rule":"text-changed",' +
          '"message":"description changed"}],"additive":[]}\n',
        stderr: '',
      });
    });

    it('rewrites FILE with --update and exits 0', async () => {
      const file = committed((value) => {
        value.tools.pop();
      });
      const updated = await snapshot(['--check', file, module, '--update']);
      expect(updated).toStrictEqual({
        code: 0,
        stdout: 'additive (1):\n  tools/types: added [tool-added]\n',
        stderr: '',
      });
      expect(readFileSync(file, 'utf8')).toBe(bytes);
    });

    it.each([
      [['--check', join(dir, 'none.json'), module], /^zod-mcp: snapshot: --check .*none\.json: ENOENT/],
      [['--json', module], /^zod-mcp: snapshot: --json goes with --check FILE\n$/],
      [
        ['--check', 'x', module, '--fail-on', 'additive'],
        /^zod-mcp: snapshot: --fail-on: breaking or risky: additive\n$/,
      ],
    ])('exits 2 on a usage error: %j', async (args, line) => {
      const result = await snapshot(args);
      expect([result.code, result.stdout]).toStrictEqual([2, '']);
      expect(result.stderr).toMatch(line);
    });

    it('exits 2 on a file that is not a snapshot', async () => {
      const file = join(dir, 'not.json');
      writeFileSync(file, '{"tools": 1}\n');
      expect(await snapshot(['--check', file, module])).toStrictEqual({
        code: 2,
        stdout: '',
        stderr: `zod-mcp: snapshot: --check ${file}: not a snapshot (zod-mcp snapshot writes one): server: Invalid input: expected object, received undefined\n`,
      });
    });
  });
});
