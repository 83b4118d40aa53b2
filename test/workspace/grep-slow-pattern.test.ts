// A pattern whose cost grows with the square of the line must not freeze the server: grep yields
// to the event loop between slices of work, so the timeout answers and other requests get in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer, workspaceTools } from '../../src/index.js';
import { MAX_MATCH_CHARS } from '../../src/bundled/workspace/grep-format.js';
import { createTempWorkspace, writeTree, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  // 300 minified-looking lines, each longer than what a line is matched in.
  const line = 'x=1;'.repeat(MAX_MATCH_CHARS / 2);
  await writeTree(workspace.root, { 'bundle.min.js': `${line}\n`.repeat(300) });
});

afterAll(() => workspace.remove());

describe('grep with a slow pattern', () => {
  it('answers at its timeout, and the server answers a ping meanwhile', async () => {
    const server = new McpServer({ name: 't', version: '1', tools: workspaceTools({ root: workspace.root }), timeoutMs: 300 });
    const started = Date.now();
    const call = server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'grep', arguments: { pattern: '.*TODO' } } });
    let pinged = false;
    const ping = server.handle({ jsonrpc: '2.0', id: 2, method: 'ping' }).then(() => (pinged = true));
    expect(await call).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'tool grep timed out after 300 ms' }], isError: true },
    });
    // Matched whole and without a pause, these lines take tens of seconds; the answer must not wait for that.
    expect(Date.now() - started).toBeLessThan(3000);
    await ping;
    expect(pinged).toBe(true);
  });
});
