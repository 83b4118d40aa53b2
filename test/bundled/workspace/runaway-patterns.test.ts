// Patterns that cost exponential or polynomial time, through a real process (a frozen one fails the
// wait here rather than freezing the test): globs match in linear time, and a grep that backtracks
// without end runs in a thread that a cancel terminates, while the server answers everything else.
// Both ways of running the program: dist/ as built, and the TypeScript sources through tsx.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MAX_SEARCH_THREADS } from '../../../src/bundled/workspace/grep-pool.js';
import { root } from '../../helpers/run.js';
import { StdioPeer, programJs } from '../../helpers/stdio-peer.js';
import { createTempWorkspace, writeTree, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;

const longName = 'a'.repeat(100);

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, {
    [longName]: 'a\n',
    [`${'d/'.repeat(12)}y.txt`]: 'y\n',
    'runaway.txt': `${'a'.repeat(4000)}\n`,
    'small.txt': 'a needle\n',
  });
});

afterAll(() => workspace.remove());

const line = (frame: unknown) => `${JSON.stringify(frame)}\n`;
const call = (id: number, name: string, args: Record<string, unknown>) =>
  line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const text = (id: number, value: string) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text: value }], isError: false },
});
const noPaths = (id: number) => ({
  jsonrpc: '2.0',
  id,
  result: {
    content: [{ type: 'text', text: '{"paths":[],"truncated":false}' }],
    structuredContent: { paths: [], truncated: false },
    isError: false,
  },
});

/** A process frozen by a pattern runs no handler of its own: only SIGKILL ends it. */
async function stop(peer: StdioPeer): Promise<void> {
  if (peer.child.exitCode !== null || peer.child.signalCode !== null) return;
  peer.child.kill('SIGKILL');
  await peer.exited;
}

const hostileGlobs = ['{'.repeat(41), '*a*a*a*a*a*a*a*b', `${'**/'.repeat(40)}x`, '{a,a}'.repeat(40)];

const entryPoints: [string, string[]][] = [
  ['dist/program.js', [programJs]],
  ['program.ts through tsx', ['--import', 'tsx', path.join(root, 'program.ts')]],
];

describe.each(entryPoints)('patterns that cost without bound, from %s', (_label, program) => {
  it('globs answer, in glob and in grep', { timeout: 30_000 }, async () => {
    const peer = new StdioPeer(['serve', '--root', workspace.root], program);
    onTestFinished(() => stop(peer));
    for (const [index, pattern] of hostileGlobs.entries()) {
      peer.send(call(index + 1, 'glob', { pattern }));
      expect(await peer.waitForId(index + 1)).toStrictEqual(noPaths(index + 1));
      peer.send(call(index + 11, 'grep', { pattern: 'needle', glob: pattern }));
      expect(await peer.waitForId(index + 11)).toStrictEqual(
        text(index + 11, `no matches for "needle" in "." among files matching ${JSON.stringify(pattern)}`),
      );
    }
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
  });

  it('answers other calls while searches backtrack without end; a cancel stops each', { timeout: 30_000 }, async () => {
    const peer = new StdioPeer(['serve', '--root', workspace.root], program);
    onTestFinished(() => stop(peer));
    // One more search than there are threads: the last waits for one.
    const runaway = Array.from({ length: MAX_SEARCH_THREADS + 1 }, (_, index) => index + 1);
    for (const id of runaway) peer.send(call(id, 'grep', { pattern: '(a+)+b', path: 'runaway.txt' }));
    // Let the searches get going before asking for anything else.
    await new Promise((resolve) => setTimeout(resolve, 300));
    peer.send(line({ jsonrpc: '2.0', id: 100, method: 'ping' }));
    expect(await peer.waitForId(100)).toStrictEqual({ jsonrpc: '2.0', id: 100, result: {} });
    peer.send(call(101, 'read_file', { path: 'small.txt' }));
    expect(await peer.waitForId(101)).toStrictEqual(text(101, '1\ta needle'));
    for (const id of runaway)
      peer.send(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } }));
    // Had a cancelled search kept its thread, this one would wait for a thread forever.
    peer.send(call(102, 'grep', { pattern: 'needle' }));
    expect(await peer.waitForId(102)).toStrictEqual(text(102, 'small.txt:1: a needle'));
    // Idle threads do not keep the process alive, and a cancelled call gets no answer.
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
    expect(peer.lines.map((frame) => (JSON.parse(frame) as { id: unknown }).id)).toStrictEqual([100, 101, 102]);
  });
});
