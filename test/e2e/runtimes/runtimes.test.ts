// The package served on each runtime it supports, each started from the npm package that ships it
// (`npm run runtimes`): Cloudflare's workerd (examples/cloudflare-worker), Bun (examples/bun.ts),
// Deno (examples/deno.ts), and Node 22, 24 and 26 (serveHttp). On each, the official SDK v2 client,
// pinned to 2026-07-28 over Streamable HTTP, lists and calls tools (structured output, isError, bad
// arguments) and completes an MRTR elicitation, and a subscriptions/listen stream opens; on Bun and
// Deno a 2025 session is served too.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHttpProgram, type ServeProcess } from '../../helpers/serve-process.js';
import { describeOn, root, runtimeBinary, type Runtime } from '../../helpers/runtimes.js';
import { startWorkerd } from './workerd.js';

const example = (...path: string[]) => join(root, 'examples', ...path);

/** Another Node: examples/server.ts on serveHttp (test/e2e/runtimes/serve-node.ts). */
const onNode = (binary: string) =>
  startHttpProgram(binary, [join(root, 'test', 'e2e', 'runtimes', 'serve-node.ts')], {}, 20_000, root);

/** How each runtime serves examples/server.ts, and whether it keeps 2025 sessions (a long-lived process does). */
const RUNTIMES: readonly [Runtime, (binary: string) => Promise<ServeProcess>, boolean][] = [
  // ALLOWED_HOSTS as examples/cloudflare-worker/wrangler.toml's [vars] give it, and a deployed worker's own name.
  ['workerd', (binary) => startWorkerd(binary, { vars: { ALLOWED_HOSTS: 'localhost,127.0.0.1,mcp.example' } }), false],
  ['bun', (binary) => startHttpProgram(binary, [example('bun.ts')], {}, 20_000, root), true],
  [
    'deno',
    (binary) =>
      startHttpProgram(
        binary,
        ['run', '--allow-net', '--allow-env', '--allow-read', example('deno.ts')],
        { DENO_NO_UPDATE_CHECK: '1' },
        30_000,
        root,
      ),
    true,
  ],
  ...(['node22', 'node24', 'node26'] as const).map((node): [Runtime, typeof onNode, boolean] => [node, onNode, true]),
];

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function client(pinned: boolean, errors: unknown[]): Client {
  const made = new Client(
    { name: 'runtime-test', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(pinned ? { versionNegotiation: { mode: { pin: '2026-07-28' } } as never } : {}),
    },
  );
  made.onerror = (error) => errors.push(error);
  made.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: 'Ada' } }) as never);
  return made;
}

/** What every runtime must answer alike: the tools, a structured result, a thrown error, bad arguments, an elicitation. */
async function exercise(mcp: Client): Promise<void> {
  const { tools } = await mcp.listTools();
  expect(tools.map((tool) => [tool.name, tool.outputSchema !== undefined])).toStrictEqual([
    ['add', true],
    ['divide', false],
    ['greet', false],
  ]);
  const added = await mcp.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
  expect({ content: added.content, structuredContent: added.structuredContent, isError: added.isError }).toStrictEqual({
    content: [{ type: 'text', text: '{"sum":5}' }],
    structuredContent: { sum: 5 },
    isError: false,
  });
  const divided = await mcp.callTool({ name: 'divide', arguments: { a: 1, b: 0 } });
  expect({ content: divided.content, isError: divided.isError }).toStrictEqual({
    content: [{ type: 'text', text: 'cannot divide by zero' }],
    isError: true,
  });
  const bad = await mcp.callTool({ name: 'add', arguments: { a: 'two', b: 3 } });
  expect({ content: bad.content, isError: bad.isError }).toStrictEqual({
    content: [{ type: 'text', text: 'Invalid arguments for tool add: a: expected number, received string' }],
    isError: true,
  });
  const greeted = await mcp.callTool({ name: 'greet', arguments: {} });
  expect({ content: greeted.content, isError: greeted.isError }).toStrictEqual({
    content: [{ type: 'text', text: 'Hello, Ada!' }],
    isError: false,
  });
}

/** A POST from a page on another site that resolved to this address: its Host is that site's. */
function postWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => (body += chunk))
          .on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
  });
}

/** The first event of a subscriptions/listen stream, read off the wire; then the stream is let go. */
async function firstListenEvent(url: string): Promise<{ status: number; type: string | null; event: string }> {
  const controller = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    signal: controller.signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'listen-1',
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true }, _meta: ENVELOPE },
    }),
  });
  const reader = res.body!.getReader();
  let text = '';
  const decoder = new TextDecoder();
  while (!text.includes('\n\ndata:') && !/data: .*\n\n/.test(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  controller.abort();
  const data = /data: (.*)\n\n/.exec(text);
  return { status: res.status, type: res.headers.get('content-type'), event: data?.[1] ?? text };
}

for (const [name, start, keepsSessions] of RUNTIMES) {
  describeOn(name)(`on ${name}`, () => {
    let served: ServeProcess;
    beforeAll(async () => {
      served = await start(runtimeBinary(name)!);
    }, 60_000);
    afterAll(async () => {
      await served?.stop('SIGKILL');
    });

    it('answers the SDK v2 client pinned to 2026-07-28: tools, structured output, isError, bad arguments, an MRTR elicitation', async () => {
      const errors: unknown[] = [];
      const mcp = client(true, errors);
      await mcp.connect(new StreamableHTTPClientTransport(new URL(served.url)));
      try {
        expect({ era: mcp.getProtocolEra(), version: mcp.getNegotiatedProtocolVersion() }).toStrictEqual({
          era: 'modern',
          version: '2026-07-28',
        });
        await exercise(mcp);
        expect(errors).toStrictEqual([]);
      } finally {
        await mcp.close();
      }
    }, 30_000);

    it('opens a subscriptions/listen stream: its acknowledgement comes first', async () => {
      const first = await firstListenEvent(served.url);
      expect(first).toStrictEqual({
        status: 200,
        type: 'text/event-stream',
        event: JSON.stringify({
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: {
            _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' },
            notifications: { toolsListChanged: true },
          },
        }),
      });
    }, 30_000);

    it('refuses a foreign Host (DNS rebinding protection), as serveHttp does', async () => {
      expect(await postWithHost(served.url, 'evil.example')).toStrictEqual({
        status: 403,
        body: JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32600, message: 'Invalid Request', data: 'Host not allowed: evil.example' },
        }),
      });
    }, 30_000);

    it.runIf(name === 'workerd')(
      'serves the host names its ALLOWED_HOSTS binding lists (a deployed worker names its own)',
      async () => {
        expect(await postWithHost(served.url, 'mcp.example')).toStrictEqual({
          status: 200,
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }),
        });
      },
      30_000,
    );

    it.runIf(keepsSessions)(
      'serves a 2025 session to the SDK v2 client (initialize, a session id, calls in it)',
      async () => {
        const errors: unknown[] = [];
        const mcp = client(false, errors);
        const transport = new StreamableHTTPClientTransport(new URL(served.url));
        await mcp.connect(transport);
        try {
          expect({
            era: mcp.getProtocolEra(),
            version: mcp.getNegotiatedProtocolVersion(),
            session: typeof transport.sessionId,
          }).toStrictEqual({
            era: 'legacy',
            version: '2025-11-25',
            session: 'string',
          });
          await exercise(mcp);
          expect(errors).toStrictEqual([]);
        } finally {
          await mcp.close();
        }
      },
      30_000,
    );
  });
}
