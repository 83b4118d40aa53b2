// What `serve` loads: Node's crypto (Web Crypto, behind globalThis.crypto) only once something needs
// it (a task id, an elicitation id, a sealed requestState), so a stdio server that answers initialize and tool calls never pays for it
// (docs/performance.md, cold start). Real processes running the built dist/program.js.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { programJs } from '../helpers/stdio-peer.js';

const preload = join(mkdtempSync(join(tmpdir(), 'zod-mcp-start-')), 'loaded.cjs');
// On exit, prints the built-in modules loaded after this preload ran.
writeFileSync(
  preload,
  "const before = new Set(process.moduleLoadList);\nprocess.on('exit', () => process.stderr.write(`LOADED ${process.moduleLoadList.filter((m) => !before.has(m)).join(',')}\\n`));\n",
);

/** Runs `node dist/program.js ARGS` with these frames on stdin: its answers, and the built-ins it loaded. */
function run(args: string[], frames: object[]): { answers: Record<string, unknown>[]; loaded: string[] } {
  const input = frames.map((frame) => `${JSON.stringify(frame)}\n`).join('');
  const child = spawnSync(process.execPath, ['-r', preload, programJs, ...args], {
    input,
    encoding: 'utf8',
    timeout: 20_000,
  });
  const line = child.stderr.split('\n').find((text) => text.startsWith('LOADED ')) ?? '';
  return {
    answers: child.stdout
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => JSON.parse(text) as Record<string, unknown>),
    loaded: line.slice('LOADED '.length).split(','),
  };
}

const crypto = (loaded: string[]) => loaded.filter((name) => /^NativeModule (crypto|internal\/crypto\/)/.test(name));
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

describe('start-up', () => {
  it('serve answers initialize and tool calls, on either era, without loading node:crypto', () => {
    // One connection speaks one era: a 2025 client, then (another process) a 2026 one.
    const old = run(
      ['serve'],
      [
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { a: 1 } } },
      ],
    );
    const modern = run(
      ['serve'],
      [{ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { a: 2 }, _meta: ENVELOPE } }],
    );
    for (const [{ answers, loaded }, ids] of [
      [old, [0, 1]],
      [modern, [2]],
    ] as const) {
      expect(answers.map((answer) => [answer.id, 'result' in answer])).toStrictEqual(ids.map((id) => [id, true]));
      expect(loaded.length).toBeGreaterThan(10); // the preload saw the program's own loads
      expect(crypto(loaded)).toStrictEqual([]);
    }
  });

  it('loads it when a state is first sealed: a 2026 call that asks the client gets its requestState', () => {
    const { answers, loaded } = run(
      ['serve', '--demo'],
      [{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask_name', arguments: {}, _meta: ENVELOPE } }],
    );
    expect(answers).toHaveLength(1);
    const result = answers[0]!.result as { resultType: string; requestState: string };
    expect(result.resultType).toBe('input_required');
    expect(result.requestState).toMatch(/^v1\.[A-Za-z0-9_-]{40,}$/);
    expect(crypto(loaded)).toContain('NativeModule internal/crypto/webcrypto'); // Web Crypto (globalThis.crypto), loaded on first use
  });
});
