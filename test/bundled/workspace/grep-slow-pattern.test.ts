// A slow pattern must not freeze the server. Searches run in worker threads: the call answers at its
// timeout, other requests are answered meanwhile, and a timed-out search's thread is terminated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '../../../src/index.js';
import { workspaceTools } from '../../../src/workspace.js';
import { MAX_MATCH_CHARS } from '../../../src/bundled/workspace/grep-format.js';
import { MAX_SEARCH_THREADS } from '../../../src/bundled/workspace/grep-pool.js';
import { createTempWorkspace, writeTree, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  // 300 minified-looking lines, each longer than what a line is matched in.
  const line = 'x=1;'.repeat(MAX_MATCH_CHARS / 2);
  await writeTree(workspace.root, {
    'bundle.min.js': `${line}\n`.repeat(300),
    // `(a+)+b` tries every way to split the run of `a` before it fails: 2^30 ways.
    'runaway/a.txt': `${'a'.repeat(30)}\n`,
    'runaway/needle.txt': 'one needle\n',
  });
});

afterAll(() => workspace.remove());

const grep = (server: McpServer, id: number, args: Record<string, unknown>) =>
  server.handle({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'grep', arguments: args } });
const timedOut = (id: number) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text: 'tool grep timed out after 300 ms' }], isError: true },
});

describe('grep with a slow pattern', () => {
  it('answers at its timeout, and the server answers a ping meanwhile', async () => {
    const server = new McpServer({
      name: 't',
      version: '1',
      tools: workspaceTools({ root: workspace.root }),
      timeoutMs: 300,
    });
    const started = Date.now();
    const call = grep(server, 1, { pattern: '.*TODO' });
    let pinged = false;
    const ping = server.handle({ jsonrpc: '2.0', id: 2, method: 'ping' }).then(() => (pinged = true));
    expect(await call).toStrictEqual(timedOut(1));
    // Matched whole, these lines take tens of seconds; the answer must not wait for that.
    expect(Date.now() - started).toBeLessThan(3000);
    await ping;
    expect(pinged).toBe(true);
  });

  it('stops searches that backtrack without end at their timeout, and starts new threads for the next', {
    timeout: 20_000,
  }, async () => {
    const server = new McpServer({
      name: 't',
      version: '1',
      tools: workspaceTools({ root: workspace.root }),
      timeoutMs: 300,
    });
    // One more than there are threads: the last waits for one, and times out waiting.
    const ids = Array.from({ length: MAX_SEARCH_THREADS + 1 }, (_, index) => index + 1);
    const started = Date.now();
    const calls = ids.map((id) => grep(server, id, { pattern: '(a+)+b', path: 'runaway' }));
    let answered = 0;
    for (const call of calls) void call.then(() => (answered += 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await server.handle({ jsonrpc: '2.0', id: 50, method: 'ping' })).toStrictEqual({
      jsonrpc: '2.0',
      id: 50,
      result: {},
    });
    expect(answered).toBe(0);
    expect(await Promise.all(calls)).toStrictEqual(ids.map(timedOut));
    expect(Date.now() - started).toBeLessThan(3000);
    // Every thread that ran one was terminated, or this search would wait for a thread forever
    // (threads are shared by every server of the process; a new one may take longer than 300 ms to start).
    const patient = new McpServer({ name: 't', version: '1', tools: workspaceTools({ root: workspace.root }) });
    expect(await grep(patient, 60, { pattern: 'needle', path: 'runaway' })).toStrictEqual({
      jsonrpc: '2.0',
      id: 60,
      result: { content: [{ type: 'text', text: 'runaway/needle.txt:1: one needle' }], isError: false },
    });
  });
});
