// close(): stop accepting, abort calls in flight (they answer, saying why), end streams, release the port.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { callFrame, openSession, post, send, slowCalls, startServer, until } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stopped = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"tool slow was stopped: the server is shutting down"}],"isError":true}}`;

describe('close()', () => {
  it('answers every call in flight, in every session, with a shutdown result', async () => {
    const seen: unknown[] = [];
    const handle = await startServer({}, seen);
    const sessions = await Promise.all([openSession(handle.url), openSession(handle.url)]);
    const before = slowCalls.started;
    const pending = sessions.flatMap((id) =>
      [1, 2, 3].map((call) => post(handle.url, callFrame(call, 'slow'), { 'mcp-session-id': id })),
    );
    await until(() => slowCalls.started === before + 6);
    await handle.close();
    const answers = await Promise.all(pending);
    expect(answers.map((res) => [res.status, res.body])).toEqual(
      [1, 2, 3, 1, 2, 3].map((call) => [200, stopped(call)]),
    );
    expect(seen).toEqual(Array.from({ length: 6 }, () => 'shutdown'));
  });

  it('does the same for stateless calls', async () => {
    const handle = await startServer({ stateless: true });
    const before = slowCalls.started;
    const pending = post(handle.url, callFrame(1, 'slow'));
    await until(() => slowCalls.started === before + 1);
    await handle.close();
    expect((await pending).body).toBe(stopped(1));
  });

  it('ends GET streams and refuses new connections; close() is idempotent', async () => {
    const handle = await startServer();
    const id = await openSession(handle.url);
    const stream = send(handle.url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': id } });
    await sleep(100);
    await Promise.all([handle.close(), handle.close()]);
    expect((await stream).body).toBe(': stream open\n\n');
    await expect(canConnect(handle.port)).resolves.toBe(false);
  });

  it('waits at most closeGraceMs for a request still sending its body, then drops it', async () => {
    const handle = await startServer({ closeGraceMs: 50 });
    const id = await openSession(handle.url);
    const hanging = connectAndHang(handle.port, id);
    await sleep(100);
    const started = Date.now();
    await handle.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(hanging).resolves.toBe('closed');
  });
});

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function connectAndHang(port: number, session: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Accept: application/json, text/event-stream\r\nMcp-Session-Id: ${session}\r\nContent-Length: 100\r\n\r\n{"jsonrpc"`,
      );
    });
    socket.on('data', () => {});
    socket.once('close', () => resolve('closed'));
  });
}
