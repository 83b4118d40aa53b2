// Slow and idle clients: a body still arriving holds no request slot, a late body is 408, and the
// connections of one address are bounded. Real sockets on loopback, so the bytes are the client's.
import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../../src/node.js';
import { httpError, initializeFrame, post, startServer } from './helpers.js';

let handle: HttpServerHandle | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await handle?.close();
  handle = undefined;
});

const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };
const pong = '{"jsonrpc":"2.0","id":7,"result":{}}';
/** The ping a trickler sends, 100 bytes long. */
const slowBody = JSON.stringify(ping).padEnd(100);

interface Trickler {
  /** Everything the server sent after `100 Continue`. */
  readonly answer: () => string;
  /** Resolves with that text once the server closed the connection. */
  readonly closed: Promise<string>;
  /** Sends the rest of the body. */
  finish(): void;
}

/**
 * A POST of a 100-byte body that sends 10 bytes of it. Resolves once the server read its
 * headers (its `100 Continue` arrived; the server runs in this process, so its handler has run).
 */
function startTrickler(port: number, headers = ''): Promise<Trickler> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  socket.setEncoding('utf8');
  let text = '';
  const closed = new Promise<string>((resolve) =>
    socket.once('close', () => resolve(text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ''))),
  );
  return new Promise((resolve) => {
    socket.on('data', (chunk: string) => {
      const first = text === '';
      text += chunk;
      if (!first || !text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) return;
      socket.write(slowBody.slice(0, 10));
      resolve({
        answer: () => text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ''),
        closed,
        finish: () => socket.write(slowBody.slice(10)),
      });
    });
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\n${headers}Content-Length: 100\r\nExpect: 100-continue\r\n\r\n`,
    );
  });
}

/** Resolves once the health check says no request holds a slot (it is answered before any slot is taken). */
async function untilNoneInFlight(server: HttpServerHandle): Promise<void> {
  const health = `http://${server.host}:${server.port}/healthz`;
  for (let i = 0; i < 200; i++) {
    if (((await (await fetch(health)).json()) as { inFlight: number }).inFlight === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('requests were still in flight after 2 s');
}

/** The status line, the headers that matter here, and the body of a raw HTTP/1.1 answer. */
function readAnswer(raw: string): {
  status: string;
  connection: string | undefined;
  type: string | undefined;
  body: string;
} {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [status = '', ...lines] = head.split('\r\n');
  const header = (name: string) =>
    lines
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  return { status, connection: header('connection'), type: header('content-type'), body };
}

describe('a body still arriving', () => {
  it('holds no request slot: with every slot taken by tricklers, a new client is served', async () => {
    handle = await startServer({ stateless: true, maxConcurrentRequests: 2 });
    const tricklers = [];
    for (let i = 0; i < 3; i++) tricklers.push(await startTrickler(handle.port));
    const res = await post(handle.url, ping);
    expect({ status: res.status, body: res.body }).toStrictEqual({ status: 200, body: pong });
    // They are still sending: nothing was answered to them.
    expect(tricklers.map((trickler) => trickler.answer())).toStrictEqual(['', '', '']);
  });

  it('is answered 408 once bodyTimeoutMs passed, and its connection is closed', async () => {
    handle = await startServer({ stateless: true, maxConcurrentRequests: 2, bodyTimeoutMs: 300 });
    const tricklers = [];
    for (let i = 0; i < 3; i++) tricklers.push(await startTrickler(handle.port));
    const answers = await Promise.all(tricklers.map((trickler) => trickler.closed));
    const expected = {
      status: 'HTTP/1.1 408 Request Timeout',
      connection: 'close',
      type: 'application/json',
      body: httpError('the request body did not arrive within 300 ms'),
    };
    expect(answers.map(readAnswer)).toStrictEqual([expected, expected, expected]);
    const res = await post(handle.url, ping);
    expect({ status: res.status, body: res.body }).toStrictEqual({ status: 200, body: pong });
  });

  it('holds no slot once its token was checked', async () => {
    const caller = { subject: 'u', scopes: [], claims: { sub: 'u' } };
    handle = await startServer({
      stateless: true,
      maxConcurrentRequests: 1,
      auth: { issuer: 'https://as.example', resource: 'http://127.0.0.1/mcp', verify: async () => caller },
    });
    for (let i = 0; i < 2; i++) await startTrickler(handle.port, 'Authorization: Bearer t\r\n');
    // Their tokens checked (a check is asynchronous: Web Crypto hashes the token), they hold no slot.
    await untilNoneInFlight(handle);
    const res = await post(handle.url, ping, { authorization: 'Bearer t' });
    expect({ status: res.status, body: res.body }).toStrictEqual({ status: 200, body: pong });
  });

  it('holds no slot of a process that forwards it to the one that holds its session', async () => {
    const owner = await startServer({ sessionIdPrefix: 'b.' });
    try {
      const ownerPort = await owner.listenPrivately();
      handle = await startServer({
        sessionIdPrefix: 'a.',
        maxConcurrentRequests: 1,
        forwardSession: (id) => (id.startsWith('b.') ? { host: '127.0.0.1', ...ownerPort } : undefined),
      });
      for (let i = 0; i < 2; i++) await startTrickler(handle.port, 'Mcp-Session-Id: b.1\r\n');
      const res = await post(handle.url, initializeFrame());
      expect({ status: res.status, session: String(res.headers['mcp-session-id']).slice(0, 2) }).toStrictEqual({
        status: 200,
        session: 'a.',
      });
    } finally {
      for (const socket of sockets.splice(0)) socket.destroy();
      await owner.close();
    }
  });

  it('is waited for by a drain, then answered 503 (not dropped with its connection)', async () => {
    handle = await startServer({ stateless: true });
    const trickler = await startTrickler(handle.port);
    const drained = handle.drain({ timeoutMs: 5000 });
    trickler.finish();
    expect(readAnswer(await trickler.closed)).toStrictEqual({
      status: 'HTTP/1.1 503 Service Unavailable',
      connection: 'close',
      type: 'application/json',
      body: httpError('the server is shutting down'),
    });
    await drained;
  });
});

describe('maxConnectionsPerClient', () => {
  /** Connects and resolves once connected. */
  function open(port: number): Promise<Socket> {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => undefined);
    return new Promise((resolve) => socket.once('connect', () => resolve(socket)));
  }

  /** Sends a ping on `socket`; resolves with what came back before the connection closed. */
  function pingOn(socket: Socket, port: number): Promise<string> {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const body = JSON.stringify(ping);
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
        `Connection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    return new Promise((resolve) => socket.once('close', () => resolve(text)));
  }

  it('closes a connection beyond the limit at once, answering nothing; a freed place is taken again', async () => {
    handle = await startServer({ stateless: true, maxConnectionsPerClient: 2 });
    const port = handle.port;
    const [first, second] = [await open(port), await open(port)];
    expect(await pingOn(await open(port), port)).toBe('');
    // The two it holds still work; once they are closed, new connections are served again.
    expect(readAnswer(await pingOn(first, port)).body).toBe(pong);
    expect(readAnswer(await pingOn(second, port)).body).toBe(pong);
    const agent = new Agent({ keepAlive: false });
    for (let i = 0; i < 4; i++) {
      const res = await post(handle.url, ping, { connection: 'close' }, agent);
      expect({ status: res.status, body: res.body }).toStrictEqual({ status: 200, body: pong });
    }
  });
});
