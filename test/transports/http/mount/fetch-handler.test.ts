// toFetchHandler called directly: a web Request in, a web Response out, no socket. The same
// answers and refusals as serveHttp's; an aborted request or a cancelled body is a closed connection.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, memoryTaskStore, toFetchHandler, type TaskStore } from '../../../../src/index.js';
import { V2026, envelope, modern } from '../../../helpers/eras.js';
import { add, chatty } from '../helpers.js';

const seen: unknown[] = [];
/** Reports progress when asked, then waits until its call is aborted; `seen` says when it started and why it ended. */
const waiting = defineTool({
  name: 'waiting',
  description: 'Waits until aborted.',
  input: z.object({}),
  handler: (_args, { progress, signal }) =>
    new Promise<string>(() => {
      seen.push('started');
      signal.addEventListener('abort', () => seen.push(signal.reason), { once: true });
      progress(1);
    }),
});

/** Answers once `release` is called; `release` is set once it runs. */
let release: (() => void) | undefined;
const later = defineTool({
  name: 'later',
  description: 'Answers when released.',
  input: z.object({}),
  handler: () => new Promise<string>((resolve) => (release = () => resolve('released'))),
});

const server = new McpServer({ name: 'test', version: '1.0.0', tools: [add, chatty, waiting, later] });
const mcp = toFetchHandler(server, { maxBodyBytes: 1000, longLived: true });
afterAll(() => mcp.close());

const accept = 'application/json, text/event-stream';
const serverInfo = { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'test', version: '1.0.0' } } };

/** A POST of `frame`, with the headers a 2025 client sends, and `headers`. */
function post2025(frame: object, headers: Record<string, string> = {}, init: RequestInit = {}): Request {
  return new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, ...headers },
    body: JSON.stringify(frame),
    ...init,
  });
}

/** A POST of a 2026 `frame` with its MCP-Protocol-Version, Mcp-Method and Mcp-Name, and `headers`. */
function post(
  frame: { method: string; params: Record<string, unknown> },
  headers: Record<string, string> = {},
  init: RequestInit = {},
): Request {
  const name = frame.params.name;
  return post2025(
    frame,
    {
      'mcp-protocol-version': V2026,
      'mcp-method': frame.method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...headers,
    },
    init,
  );
}

async function read(response: Response) {
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('toFetchHandler', () => {
  it('answers a 2026 tools/call with JSON, exactly', async () => {
    expect(
      await read(await mcp(post(modern(1, 'tools/call', { name: 'add', arguments: { a: 2, b: 3 } })))),
    ).toStrictEqual({
      status: 200,
      headers: { 'content-type': 'application/json', 'content-length': '195' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: { resultType: 'complete', content: [{ type: 'text', text: '5' }], isError: false, ...serverInfo },
      }),
    });
  });

  it('streams the progress of a 2026 call, then its response, as the Response body', async () => {
    const frame = modern(2, 'tools/call', { name: 'chatty', arguments: {}, _meta: envelope({ progressToken: 'tok' }) });
    const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;
    const progress = (value: number) => ({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'tok', progress: value, total: 2 },
    });
    expect(await read(await mcp(post(frame)))).toStrictEqual({
      status: 200,
      headers: {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
      body:
        event(progress(1)) +
        event(progress(2)) +
        event({
          jsonrpc: '2.0',
          id: 2,
          result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }], isError: false, ...serverInfo },
        }),
    });
  });

  it('aborts the call when the request is aborted mid-call (its signal), and gives the Response nobody reads', async () => {
    seen.length = 0;
    const controller = new AbortController();
    const answered = mcp(
      post(modern(3, 'tools/call', { name: 'waiting', arguments: {} }), {}, { signal: controller.signal }),
    );
    await until(() => seen.length > 0);
    controller.abort();
    const response = await answered;
    await until(() => seen.length > 1);
    expect({ seen, status: response.status, body: await response.text() }).toStrictEqual({
      seen: ['started', 'cancelled'],
      status: 499,
      body: '',
    });
  });

  it('aborts the call when its streamed body is cancelled', async () => {
    seen.length = 0;
    const response = await mcp(
      post(modern(4, 'tools/call', { name: 'waiting', arguments: {}, _meta: envelope({ progressToken: 'p' }) })),
    );
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    await until(() => seen.length > 1);
    expect({ first, seen }).toStrictEqual({
      first: `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } })}\n\n`,
      seen: ['started', 'cancelled'],
    });
  });

  it('answers 499 at once when the body fails on its way (the client gone mid-body)', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"jsonrpc":'));
        setTimeout(() => controller.error(new Error('connection reset')), 20);
      },
    });
    const response = await mcp(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect({ status: response.status, body: await response.text() }).toStrictEqual({ status: 499, body: '' });
  });

  it('serves 2025 sessions: initialize, then a call in its session', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    };
    const opened = await mcp(post2025(initialize));
    const session = opened.headers.get('mcp-session-id')!;
    expect({ status: opened.status, session: /^[0-9a-f-]{36}$/.test(session) }).toStrictEqual({
      status: 200,
      session: true,
    });
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 1 } } };
    const { status, body } = await read(
      await mcp(post2025(call, { 'mcp-protocol-version': '2025-06-18', 'mcp-session-id': session })),
    );
    expect({ status, body }).toStrictEqual({
      status: 200,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        result: { content: [{ type: 'text', text: '2' }], isError: false },
      }),
    });
  });

  it('keeps nothing between requests unless told the runtime is long-lived: a 2025 client is served with no session, GET is 405', async () => {
    const alone = toFetchHandler(server);
    try {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      };
      const opened = await alone(post2025(initialize));
      expect({ status: opened.status, session: opened.headers.get('mcp-session-id') }).toStrictEqual({
        status: 200,
        session: null,
      });
      await opened.text();
      const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 1 } } };
      const { status, body } = await read(await alone(post2025(call, { 'mcp-protocol-version': '2025-06-18' })));
      expect({ status, body }).toStrictEqual({
        status: 200,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          result: { content: [{ type: 'text', text: '2' }], isError: false },
        }),
      });
      const get = await read(
        await alone(new Request('http://localhost/mcp', { headers: { accept: 'text/event-stream' } })),
      );
      expect({ status: get.status, allow: get.headers.allow }).toStrictEqual({ status: 405, allow: 'POST' });
    } finally {
      await alone.close();
    }
  });

  it('refuses, when it is made, what would live in one isolate: sessions asked for, tasks in the default store; longLived: true serves both', () => {
    const lives =
      'which a serverless runtime does not keep from one request to the next: add longLived: true where one process serves every request (Bun.serve, Deno.serve, Node, a container)';
    expect(() => toFetchHandler(server, { stateless: false })).toThrow(
      new TypeError(`toFetchHandler: stateless: false keeps 2025 sessions in this isolate's memory, ${lives}`),
    );
    const build = defineTool({
      name: 'build',
      description: 'Builds.',
      input: z.object({}),
      task: 'optional',
      handler: () => 'built',
    });
    const withTasks = new McpServer({ name: 'tasks', version: '1.0.0', tools: [build] });
    expect(() => toFetchHandler(withTasks)).toThrow(
      new TypeError(
        `toFetchHandler: this server's tasks would live in this isolate's memory (the default task store), ${lives}, or give tasks.store a store every instance shares`,
      ),
    );
    // A store of the user's own (its methods here a memory store's, but the handler cannot see inside a store): taken as shared.
    const shared = Object.fromEntries(Object.entries(memoryTaskStore())) as unknown as TaskStore;
    for (const handler of [
      toFetchHandler(withTasks, { longLived: true }),
      toFetchHandler(server, { stateless: false, longLived: true }),
      toFetchHandler(new McpServer({ name: 's', version: '1', tools: [build], tasks: { store: shared } })),
    ]) {
      void handler.close();
    }
  });

  const refusal = (status: number, data: string) => ({
    status,
    body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request', data } }),
  });
  it.each([
    [
      'a foreign Host',
      post(modern(5, 'tools/list'), { host: 'evil.example' }),
      refusal(403, 'Host not allowed: evil.example'),
    ],
    [
      'a foreign host in the URL, when the runtime sends no Host header',
      new Request('http://evil.example/mcp', { method: 'POST' }),
      refusal(403, 'Host not allowed: evil.example'),
    ],
    [
      'a foreign Origin',
      post(modern(6, 'tools/list'), { origin: 'http://evil.example' }),
      refusal(403, 'Origin not allowed: http://evil.example'),
    ],
    [
      'a body over maxBodyBytes',
      post2025({ ...modern(7, 'tools/list'), pad: 'x'.repeat(1000) }),
      refusal(413, 'request body exceeds 1000 bytes'),
    ],
    [
      'another method',
      new Request('http://localhost/mcp', { method: 'PUT' }),
      refusal(405, 'method PUT is not allowed; use GET, POST, DELETE'),
    ],
  ])('refuses %s as serveHttp does', async (_name, request, expected) => {
    const { status, body } = await read(await mcp(request));
    expect({ status, body }).toStrictEqual(expected);
  });

  it('answers every path (the framework routes), and has no health path', async () => {
    const { status, body } = await read(await mcp(new Request('http://localhost/healthz', { headers: { accept } })));
    expect({ status, body }).toStrictEqual(refusal(400, 'Mcp-Session-Id header is required: send initialize first'));
  });

  it('refuses bad options where they are given, naming itself', () => {
    expect(() => toFetchHandler(server, { path: 'mcp' })).toThrow(/^toFetchHandler: invalid options: path: /);
  });

  it('answers 500 for a request whose body a middleware already read (bodyUsed), and never throws', async () => {
    const request = post(modern(12, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } }));
    await request.text(); // what a middleware's c.req.json() does
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const answered = mcp(request);
      expect(answered).toBeInstanceOf(Promise);
      const { status, body } = await read(await answered);
      expect({ status, body, stderr: stderr.mock.calls }).toStrictEqual({
        status: 500,
        body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' } }),
        stderr: [
          [
            'zod-mcp: http: the request body was read before the MCP handler (a body parser or middleware before it?) and left nothing of it\n',
          ],
        ],
      });
    } finally {
      stderr.mockRestore();
    }
  });

  it('close(): a body still arriving is let go (its stream cancelled), so nothing holds the process', async () => {
    const closing = toFetchHandler(server);
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"jsonrpc":')),
      cancel: () => void (cancelled = true),
    });
    const pending = closing(post(modern(13, 'tools/list'), {}, { body, duplex: 'half' } as RequestInit));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await closing.close();
    await pending;
    await until(() => cancelled);
    expect(cancelled).toBe(true);
  });

  it('close(): a call in flight answers that the server is stopping, and new requests get 503', async () => {
    const closing = toFetchHandler(server);
    seen.length = 0;
    const pending = closing(post(modern(8, 'tools/call', { name: 'waiting', arguments: {} })));
    await until(() => seen.length > 0);
    await closing.close();
    const stopped = {
      resultType: 'complete',
      content: [{ type: 'text', text: 'tool waiting was stopped: the server is shutting down' }],
      isError: true,
      ...serverInfo,
    };
    expect((await read(await pending)).body).toBe(JSON.stringify({ jsonrpc: '2.0', id: 8, result: stopped }));
    const { status, body } = await read(await closing(post(modern(9, 'tools/list'))));
    expect({ status, body }).toStrictEqual(refusal(503, 'the server is shutting down'));
  });

  it('drain(): the health path says draining and new requests get 503 while a call in flight finishes', async () => {
    const draining = toFetchHandler(server, { healthPath: '/healthz' });
    const pending = draining(post(modern(10, 'tools/call', { name: 'later', arguments: {} })));
    await until(() => release !== undefined);
    const drained = draining.drain({ timeoutMs: 5000 });
    const refused = await read(await draining(post(modern(11, 'tools/list'))));
    const health = await draining(new Request('http://localhost/healthz'));
    expect({
      refused: { status: refused.status, body: refused.body },
      health: [health.status, ((await health.json()) as { status: string }).status],
    }).toStrictEqual({
      refused: refusal(503, 'the server is shutting down'),
      health: [503, 'draining'],
    });
    release!();
    expect((await read(await pending)).body).toBe(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 10,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: 'released' }],
          isError: false,
          ...serverInfo,
        },
      }),
    );
    await drained;
  });
});
