// The bounds on subscriptions/listen over Streamable HTTP, where a listen stream is a long POST: a
// filter over its limits answers the POST with its error frame; one principal (a bearer token's)
// holds at most 16 streams open, and a stream that closes gives its slot back.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer, type AuthInfo } from '../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { echo } from '../../../src/demo.js';
import { V2026, envelope } from '../../helpers/eras.js';
import { postHeaders } from './helpers.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const issuer = 'https://as.example';
/** The token is the user's name: `Bearer alice` is alice. */
const verify = async (token: string): Promise<AuthInfo> => ({
  subject: token,
  issuer,
  scopes: [],
  claims: { sub: token, iss: issuer },
});

let secured: HttpServerHandle;
let open: HttpServerHandle;

beforeAll(async () => {
  const server = () => new McpServer({ name: 'test', version: '1.0.0', tools: [echo], resources: [], tasks: {} });
  secured = await serveHttp(server(), {
    port: 0,
    host: '127.0.0.1',
    auth: { issuer, resource: 'http://127.0.0.1/mcp', verify },
  });
  open = await serveHttp(
    new McpServer({
      name: 'test',
      version: '1.0.0',
      tools: [echo],
      resources: [],
      tasks: {},
      subscriptions: { maxAnonymousStreams: 16 },
    }),
    { port: 0, host: '127.0.0.1' },
  );
});
afterAll(() => Promise.all([secured.close(), open.close()]));

const listenFrame = (id: string, notifications: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'subscriptions/listen',
  params: {
    notifications,
    _meta: envelope({ 'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS]: {} } } }),
  },
});

interface Opened {
  readonly status: number;
  readonly type: string | undefined;
  /** The JSON body of an answer that is not a stream, or the stream's first message (its acknowledgement). */
  readonly first: unknown;
  readonly req: ClientRequest;
}

/** POSTs a listen and resolves with its answer: a JSON body, or an SSE stream's first message (the stream stays open). */
function listen(url: string, id: string, notifications: Record<string, unknown>, token?: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const headers = {
      ...postHeaders,
      'mcp-protocol-version': V2026,
      'mcp-method': 'subscriptions/listen',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    };
    const req = httpRequest(url, { method: 'POST', headers });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      const sse = res.headers['content-type'] === 'text/event-stream';
      res.on('data', (chunk: string) => {
        text += chunk;
        const event = sse ? /event: message\ndata: (.*)\n\n/.exec(text) : null;
        if (event !== null)
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            first: JSON.parse(event[1]!),
            req,
          });
      });
      res.on('end', () => {
        if (!sse)
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], first: JSON.parse(text), req });
      });
    });
    req.end(JSON.stringify(listenFrame(id, notifications)));
  });
}

const acknowledged = (id: string, notifications: Record<string, unknown>) => ({
  status: 200,
  type: 'text/event-stream',
  first: {
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications },
  },
});
const refused = (status: number, id: string, code: number, message: string, data: string) => ({
  status,
  type: 'application/json',
  first: { jsonrpc: '2.0', id, error: { code, message, data } },
});
const shape = ({ status, type, first }: Opened) => JSON.stringify({ status, type, first });
const ids = (count: number) => Array.from({ length: count }, (_, i) => `task-${i}`);
const uris = (count: number) => Array.from({ length: count }, (_, i) => `test://doc/${i}`);

/** Retries a listen until it is acknowledged (a closed stream's slot comes back once the server saw the close). */
async function listenOnceFree(url: string, id: string, token: string): Promise<Opened> {
  for (let i = 0; ; i++) {
    const opened = await listen(url, id, {}, token);
    if (opened.type === 'text/event-stream' || i === 200) return opened;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('subscriptions/listen limits over HTTP', () => {
  it('a filter over its limits answers the POST with -32602 naming the limit; exactly at the limits is a stream', async () => {
    expect(shape(await listen(secured.url, 'L1', { taskIds: ids(1001) }, 'carol'))).toBe(
      JSON.stringify(
        refused(
          200,
          'L1',
          -32602,
          'Invalid params',
          'params.notifications.taskIds: holds at most 1000 task ids, got 1001',
        ),
      ),
    );
    expect(shape(await listen(secured.url, 'L2', { resourceSubscriptions: uris(1001) }, 'carol'))).toBe(
      JSON.stringify(
        refused(
          200,
          'L2',
          -32602,
          'Invalid params',
          'params.notifications.resourceSubscriptions: holds at most 1000 URIs, got 1001',
        ),
      ),
    );
    const notifications = { resourceSubscriptions: uris(1000), taskIds: ids(1000) };
    const atLimit = await listen(secured.url, 'L3', notifications, 'carol');
    expect(shape(atLimit)).toBe(JSON.stringify(acknowledged('L3', notifications)));
    atLimit.req.destroy();
  });

  it('a 17th stream of one principal is refused; another principal is unaffected; a closed stream frees its slot', async () => {
    const alice = await Promise.all(
      Array.from({ length: 16 }, (_, i) => listen(secured.url, `alice-${i}`, { toolsListChanged: true }, 'alice')),
    );
    expect(alice.map(shape)).toStrictEqual(
      alice.map((_, i) => JSON.stringify(acknowledged(`alice-${i}`, { toolsListChanged: true }))),
    );
    expect(shape(await listen(secured.url, 'alice-16', { toolsListChanged: true }, 'alice'))).toBe(
      JSON.stringify(
        refused(
          400,
          'alice-16',
          -32600,
          'Invalid Request',
          'too many listen streams open for this caller (limit 16); close one first',
        ),
      ),
    );
    const bob = await listen(secured.url, 'bob-0', { toolsListChanged: true }, 'bob');
    expect(shape(bob)).toBe(JSON.stringify(acknowledged('bob-0', { toolsListChanged: true })));
    alice[0]!.req.destroy();
    const again = await listenOnceFree(secured.url, 'alice-17', 'alice');
    expect(shape(again)).toBe(JSON.stringify(acknowledged('alice-17', {})));
    for (const stream of [...alice, bob, again]) stream.req.destroy();
  });

  it('without authorization the callers share maxAnonymousStreams (16 here) streams in all', async () => {
    const streams = await Promise.all(Array.from({ length: 16 }, (_, i) => listen(open.url, `anon-${i}`, {})));
    expect(streams.every((stream) => stream.type === 'text/event-stream')).toBe(true);
    expect(shape(await listen(open.url, 'anon-16', {}))).toBe(
      JSON.stringify(
        refused(
          400,
          'anon-16',
          -32600,
          'Invalid Request',
          'too many listen streams open for callers without a token (limit 16); close one first',
        ),
      ),
    );
    for (const stream of streams) stream.req.destroy();
  });

  it('an open stream does not hold its request: 4 MB of keys nobody reads cost the server next to nothing', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => (gc(), gc(), process.memoryUsage().heapUsed);
    const junk = ids(90_000); // about 1 MB as JSON, several times that once parsed
    const before = heap();
    const streams = [];
    for (let i = 0; i < 4; i++) streams.push(await listen(open.url, `junk-${i}`, { toolsListChanged: true, junk }));
    const held = heap() - before;
    expect(streams.map((stream) => stream.type)).toStrictEqual(Array(4).fill('text/event-stream'));
    for (const stream of streams) stream.req.destroy();
    // Before, each stream held its parsed junk (5.5 MiB for this much); now all four hold well under one.
    expect(held).toBeLessThan(2 * 1024 * 1024);
  });
});
