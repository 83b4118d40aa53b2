// `zod-mcp dev MODULE`: a change to the module restarts the server under the client's one stdio
// connection: its initialize is replayed, it is told the lists changed, and while the module is
// broken a request gets an error frame saying why.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../helpers/run.js';
import { programJs, StdioPeer } from '../helpers/stdio-peer.js';
import { startHttpProcess } from '../helpers/serve-process.js';
import { modern, V2026 } from '../helpers/eras.js';

// Inside the repository, so that the module's `zod-mcp` and `zod` resolve (git-ignored).
const dir = mkdtempSync(join(root, 'test', 'cli', '.dev-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const toolNames = (frame: Record<string, unknown>) =>
  (frame.result as { tools: { name: string }[] }).tools.map((tool) => tool.name);

describe('zod-mcp dev MODULE over stdio', () => {
  it('restarts on a change without the client reconnecting, and says why while the module is broken', async () => {
    const module = join(dir, 'live.ts');
    const original = readFileSync(join(root, 'test', 'cli', 'modules', 'parts.ts'), 'utf8');
    writeFileSync(module, original);
    const peer = new StdioPeer(['dev', module]);
    try {
      peer.send(
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })}\n`,
      );
      peer.send(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      peer.send(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
      expect(toolNames(await peer.waitForId(2, 20_000))).toStrictEqual(['add', 'shout']);

      writeFileSync(module, original.replace("name: 'shout'", "name: 'yell'"));
      await peer.waitForLines(5, 20_000);
      expect(peer.lines.slice(2, 5).map((line) => JSON.parse(line))).toStrictEqual(
        ['tools', 'resources', 'prompts'].map((list) => ({
          jsonrpc: '2.0',
          method: `notifications/${list}/list_changed`,
        })),
      );
      peer.send(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' })}\n`);
      expect(toolNames(await peer.waitForId(3, 20_000))).toStrictEqual(['add', 'yell']);

      writeFileSync(module, `${original}\nexport const broken = ;\n`);
      const deadline = Date.now() + 20_000;
      while (!peer.stderr.includes('the server stopped (exit 1)') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      peer.send(`${JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list' })}\n`);
      expect(await peer.waitForId(4, 20_000)).toStrictEqual({
        jsonrpc: '2.0',
        id: 4,
        error: {
          code: -32603,
          message: `the server is not running (${module}: Transform failed with 1 error: ${module}:26:22: ERROR: Unexpected ";"): fix the module and save it`,
        },
      });
      expect(peer.stderr).toContain(
        `zod-mcp dev: serving ${module} over stdio; restarts on change\n` +
          "zod-mcp dev: Claude Code starts it with (for the folder it is typed in; 'claude mcp add -s user' for every " +
          `folder):\n  claude mcp add live -- node ${programJs} dev ${module}\n`,
      );
    } finally {
      expect((await peer.end()).code).toBe(0);
    }
  }, 90_000);
});

describe('zod-mcp dev MODULE over stdio, a 2026 client', () => {
  it('keeps its subscriptions/listen open across a restart and tells it there that the tool list changed', async () => {
    const module = join(dir, 'live-2026.ts');
    const original = readFileSync(join(root, 'test', 'cli', 'modules', 'parts.ts'), 'utf8');
    writeFileSync(module, original);
    const peer = new StdioPeer(['dev', module]);
    const frames = () => peer.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const listen = modern('listen-1', 'subscriptions/listen', {
      notifications: { toolsListChanged: true, promptsListChanged: true },
    });
    const meta = { 'io.modelcontextprotocol/subscriptionId': 'listen-1' };
    try {
      peer.send(`${JSON.stringify(listen)}\n`);
      await peer.waitForLines(1, 20_000);
      expect(frames()[0]).toStrictEqual({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: meta, notifications: { toolsListChanged: true, promptsListChanged: true } },
      });

      writeFileSync(module, original.replace("name: 'shout'", "name: 'yell'"));
      await peer.waitForLines(3, 20_000);
      // No second acknowledgement, no end of the stream: the changes of each list it listens to.
      expect(frames().slice(1, 3)).toStrictEqual([
        { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: meta } },
        { jsonrpc: '2.0', method: 'notifications/prompts/list_changed', params: { _meta: meta } },
      ]);
      peer.send(`${JSON.stringify(modern(2, 'tools/list'))}\n`);
      expect(toolNames(await peer.waitForId(2, 20_000))).toStrictEqual(['add', 'yell']);

      // The new server carries the stream on: a change it makes itself reaches the client too.
      writeFileSync(module, original.replace("name: 'shout'", "name: 'holler'"));
      await peer.waitForLines(6, 20_000);
      expect(
        frames()
          .slice(4, 6)
          .map((frame) => frame.method),
      ).toStrictEqual(['notifications/tools/list_changed', 'notifications/prompts/list_changed']);
      expect(frames().filter((frame) => frame.id === 'listen-1')).toStrictEqual([]);
      peer.send(
        `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'listen-1' } })}\n`,
      );
    } finally {
      expect((await peer.end()).code).toBe(0);
    }
    // Cancelled by the client: the stream ends without an answer, and no error came for it.
    expect(frames().filter((frame) => frame.id === 'listen-1' || 'error' in frame)).toStrictEqual([]);
  }, 60_000);
});

describe('zod-mcp dev MODULE over stdio, a 2026 client while the module is broken', () => {
  it('a listen refused while no server runs stays refused: the next server never acknowledges it', async () => {
    const module = join(dir, 'broken-2026.ts');
    const original = readFileSync(join(root, 'test', 'cli', 'modules', 'parts.ts'), 'utf8');
    writeFileSync(module, `${original}\nexport const broken = ;\n`);
    const peer = new StdioPeer(['dev', module]);
    try {
      const deadline = Date.now() + 20_000;
      while (!peer.stderr.includes('the server stopped (exit 1)') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      peer.send(
        `${JSON.stringify(modern('listen-1', 'subscriptions/listen', { notifications: { toolsListChanged: true } }))}\n`,
      );
      expect(await peer.waitForId('listen-1', 20_000)).toMatchObject({
        jsonrpc: '2.0',
        id: 'listen-1',
        error: { code: -32603 },
      });
      writeFileSync(module, original);
      // Once the fixed module answers, nothing came for the refused listen.
      for (let id = 2; ; id++) {
        peer.send(`${JSON.stringify(modern(id, 'tools/list'))}\n`);
        const answer = await peer.waitForId(id, 20_000);
        if ('result' in answer) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const frames = peer.lines.map((line) => JSON.parse(line) as { method?: string; id?: unknown });
      expect(frames.filter((frame) => frame.method !== undefined)).toStrictEqual([]);
      expect(frames.filter((frame) => frame.id === 'listen-1')).toHaveLength(1);
    } finally {
      expect((await peer.end()).code).toBe(0);
    }
  }, 60_000);
});

describe('zod-mcp dev MODULE over stdio: every request gets exactly one answer', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  };

  it('answers the initialize of a module that fails at start-up, with why', async () => {
    const module = join(dir, 'fails.ts');
    writeFileSync(module, "throw new Error('no config');\nexport {};\n");
    const peer = new StdioPeer(['dev', module]);
    try {
      peer.send(`${JSON.stringify(initialize)}\n`);
      const answer = await peer.waitForId(1, 20_000);
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32603 } });
      expect((answer.error as { message: string }).message).toMatch(
        /^the server (stopped before it answered|is not running) \(.*no config.*\): fix the module and save it$/,
      );
    } finally {
      await peer.end();
    }
    expect(peer.lines.filter((line) => (JSON.parse(line) as { id?: unknown }).id === 1)).toHaveLength(1);
  }, 60_000);

  it('passes on no answer to an initialize it gave again, through two saves close together', async () => {
    const module = join(dir, 'twice.ts');
    const original = readFileSync(join(root, 'test', 'cli', 'modules', 'parts.ts'), 'utf8');
    writeFileSync(module, original);
    const peer = new StdioPeer(['dev', module]);
    try {
      peer.send(
        `${JSON.stringify(initialize)}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
      );
      await peer.waitForId(1, 20_000);
      writeFileSync(module, original.replace("name: 'shout'", "name: 'yell'"));
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(module, original.replace("name: 'shout'", "name: 'holler'"));
      const deadline = Date.now() + 20_000;
      while (peer.stderr.split('changed: restarting').length < 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      peer.send(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
      expect(toolNames(await peer.waitForId(2, 20_000))).toStrictEqual(['add', 'holler']);
      const ids = peer.lines.map((line) => (JSON.parse(line) as { id?: unknown }).id).filter((id) => id !== undefined);
      expect(ids).toStrictEqual([1, 2]);
    } finally {
      await peer.end();
    }
  }, 60_000);
});

describe('zod-mcp dev MODULE --http', () => {
  /** The names tools/list gives over 2026 HTTP. */
  async function namesAt(url: string): Promise<string[]> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': V2026,
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify(modern(1, 'tools/list')),
    });
    return ((await response.json()) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);
  }

  it('serves the new code at the same URL after a change (--port 0 is chosen once)', async () => {
    const module = join(dir, 'live-http.ts');
    const original = readFileSync(join(root, 'test', 'cli', 'modules', 'parts.ts'), 'utf8');
    writeFileSync(module, original);
    const served = await startHttpProcess([programJs, 'dev', module, '--http', '--port', '0'], {}, 30_000);
    try {
      expect(await namesAt(served.url)).toStrictEqual(['add', 'shout']);
      writeFileSync(module, original.replace("name: 'shout'", "name: 'yell'"));
      const deadline = Date.now() + 20_000;
      while (served.stderr().split('serving MCP over HTTP at').length < 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const urls = [...served.stderr().matchAll(/serving MCP over HTTP at (\S+)/g)].map((match) => match[1]);
      expect(urls).toStrictEqual([served.url, served.url]);
      expect(await namesAt(served.url)).toStrictEqual(['add', 'yell']);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 60_000);

  it('a call in flight finishes on the server that took it, through two saves close together; the last save is served', async () => {
    const module = join(dir, 'drains.ts');
    const slow = `\nexport const slow = defineTool({ name: 'slow', description: 'Takes its time.', input: z.object({}), handler: () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 3000)) });\n`;
    const original = readFileSync(join(root, 'test', 'cli', 'modules', 'parts.ts'), 'utf8') + slow;
    writeFileSync(module, original);
    const served = await startHttpProcess([programJs, 'dev', module, '--http', '--port', '0'], {}, 30_000);
    try {
      const call = fetch(served.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': V2026,
          'mcp-method': 'tools/call',
          'mcp-name': 'slow',
        },
        body: JSON.stringify(modern(9, 'tools/call', { name: 'slow', arguments: {} })),
      }).then((response) => response.json() as Promise<{ result: { content: { text: string }[] } }>);
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(module, original.replace("name: 'shout'", "name: 'yell'"));
      await new Promise((resolve) => setTimeout(resolve, 250));
      writeFileSync(module, original.replace("name: 'shout'", "name: 'holler'"));
      expect((await call).result.content).toStrictEqual([{ type: 'text', text: 'done' }]);
      const deadline = Date.now() + 20_000;
      let names = await namesAt(served.url);
      while (!names.includes('holler') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        names = await namesAt(served.url);
      }
      expect(names).toStrictEqual(['add', 'slow', 'holler']); // a module's exports come in the order of their names
      // One start at first, then at most one per save (saves that come while a server starts share the next one).
      expect(served.stderr().split('serving MCP over HTTP at').length - 1).toBeLessThanOrEqual(3);
      expect(served.stderr()).not.toContain('EADDRINUSE');
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 60_000);

  it('tells a 2026 client (the official SDK v2, listening for list changes) that the tool list changed, and it lists the new one', async () => {
    const module = join(dir, 'listen-http.ts');
    const original = readFileSync(join(root, 'test', 'cli', 'modules', 'parts.ts'), 'utf8');
    writeFileSync(module, original);
    const served = await startHttpProcess([programJs, 'dev', module, '--http', '--port', '0'], {}, 30_000);
    const heard: string[][] = [];
    const client = new Client(
      { name: 'dev-listener', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        listChanged: {
          tools: {
            onChanged: (error, tools) =>
              void (error === null && tools !== null && heard.push(tools.map((tool) => tool.name))),
          },
        },
      },
    );
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toStrictEqual(['add', 'shout']);
      writeFileSync(module, original.replace("name: 'shout'", "name: 'yell'"));
      const deadline = Date.now() + 20_000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toStrictEqual([['add', 'yell']]);
    } finally {
      await client.close();
      expect(await served.stop()).toBe(0);
    }
  }, 60_000);
});
