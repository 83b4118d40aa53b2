// An answer given before the request body was read (413, 401, 403, 415) must reach a client that
// is still sending that body. Closed at once, the connection's unread bytes make the kernel send a
// reset, and the client, still writing, gets EPIPE or ECONNRESET instead of the answer. So the
// connection closes gently: `Connection: close`, then the rest of the body is read and dropped, for
// a bounded time and number of bytes. The server runs in a process of its own (`zod-mcp serve
// --http`): in this one, its reads and the client's writes would take turns and hide the race.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpServer, toFetchHandler } from '../../../src/index.js';
import { toNodeHandler, type HttpServerHandle } from '../../../src/node.js';
import { root } from '../../helpers/run.js';
import { httpError, post, postHeaders, send, startServer } from './helpers.js';

const MiB = 1024 * 1024;
const TRIES = 20;

const children: ChildProcess[] = [];

/** `zod-mcp serve --http` on a free port, from the sources; resolves with its URL. */
async function serveCli(args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'program.ts', 'serve', '--http', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 15 s: ${stderr}`)), 15_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /serving MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(stderr);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
  });
}

/** The status and body of an answer read to its end, or what ended the request before that. */
type Answer = { status: number; body: string } | { error: string };

/**
 * A POST of `size` bytes as a client writes one: in 64 KiB chunks, each when the socket takes it
 * (`chunked`: no Content-Length), or all at once (`whole`). It keeps writing whatever comes back,
 * as node:http's clients do, and resolves once the request is over; an error after the answer was
 * read in full does not count.
 */
function postLarge(
  url: string,
  headers: Record<string, string>,
  size: number,
  framing: 'length' | 'chunked' | 'whole',
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let answer: Answer | undefined;
    const settle = (given: Answer) => void (answer ??= given);
    const length = framing === 'chunked' ? {} : { 'content-length': String(size) };
    const req = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: { ...headers, ...length },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => settle({ status: res.statusCode ?? 0, body }));
      res.on('error', (error: NodeJS.ErrnoException) => settle({ error: `response: ${error.code ?? error.message}` }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    req.on('close', () => resolve(answer ?? { error: 'closed with no answer' }));
    if (framing === 'whole') return void req.end(Buffer.alloc(size, 0x20));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = (): void => {
      while (sent < size && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** The answers of `TRIES` such POSTs, one after another, counted by what came back. */
async function tally(
  url: string,
  headers: Record<string, string>,
  framing: 'length' | 'chunked' | 'whole',
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < TRIES; i++) {
    const answer = await postLarge(url, headers, 32 * MiB, framing);
    const key = 'error' in answer ? answer.error : `${answer.status} ${answer.body}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
});

describe('an answer given before the body was read reaches a client still sending it', () => {
  let url: string;
  let authUrl: string;
  beforeAll(async () => {
    [url, authUrl] = await Promise.all([
      serveCli(),
      serveCli(['--auth-issuer', 'https://as.example', '--auth-audience', 'http://127.0.0.1/mcp']),
    ]);
  });

  const tooLarge = `413 ${httpError(`request body exceeds ${4 * MiB} bytes`)}`;

  it.each(['length', 'chunked', 'whole'] as const)('413, 20 times in 20, for a 32 MiB body (%s)', async (framing) => {
    expect(await tally(url, postHeaders, framing)).toStrictEqual({ [tooLarge]: TRIES });
  });

  it('401, 20 times in 20, for a 32 MiB body without a token', async () => {
    const body = JSON.stringify({
      error: 'invalid_token',
      error_description: 'this MCP server needs a bearer token (see resource_metadata)',
    });
    expect(await tally(authUrl, postHeaders, 'length')).toStrictEqual({ [`401 ${body}`]: TRIES });
  });

  it('415, 20 times in 20, for a 32 MiB body that is not JSON', async () => {
    expect(await tally(url, { ...postHeaders, 'content-type': 'text/plain' }, 'length')).toStrictEqual({
      [`415 ${httpError('Content-Type must be application/json')}`]: TRIES,
    });
  });

  it('403, 20 times in 20, for a 32 MiB body from a foreign Host', async () => {
    expect(await tally(url, { ...postHeaders, host: 'evil.example' }, 'length')).toStrictEqual({
      [`403 ${httpError('Host not allowed: evil.example')}`]: TRIES,
    });
  });
});

describe('the lingering is bounded', () => {
  let handle: HttpServerHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  /**
   * A raw POST declaring 1 GiB that sends `chunkBytes` every `everyMs`, whatever it hears, until the
   * server closes the connection; resolves with what it heard, when, and how much it sent.
   */
  function trickle(
    port: number,
    chunkBytes: number,
    everyMs: number,
  ): Promise<{ text: string; answeredAt: number; closedAt: number; sent: number }> {
    // Half-open allowed: the server's FIN after its answer does not end the sending.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => undefined);
    let text = '';
    let answeredAt = 0;
    let sent = 0;
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      if (text === '') answeredAt = performance.now();
      text += chunk;
    });
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${1024 * MiB}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(chunkBytes, 0x20);
    const timer = setInterval(() => {
      if (socket.writable) socket.write(chunk, () => void (sent += chunk.length));
    }, everyMs);
    return new Promise((resolve) =>
      socket.once('close', () => {
        clearInterval(timer);
        resolve({ text, answeredAt, closedAt: performance.now(), sent });
      }),
    );
  }

  it('only an answer given before the body was read closes its connection', async () => {
    handle = await startServer({ stateless: true });
    const answered = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect({ status: answered.status, connection: answered.headers.connection }).toStrictEqual({
      status: 200,
      connection: 'keep-alive',
    });
    const refused = await send(handle.url, { headers: { ...postHeaders, 'content-type': 'text/plain' }, body: 'x' });
    expect({ status: refused.status, connection: refused.headers.connection }).toStrictEqual({
      status: 415,
      connection: 'close',
    });
  });

  it('a client that trickles its body forever is cut off once lingerMs has passed', async () => {
    handle = await startServer({ lingerMs: 400 });
    const heard = await trickle(handle.port, 10, 20);
    expect(heard.text).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(heard.text).toMatch(/\r\nconnection: close\r\n/i);
    const lingered = heard.closedAt - heard.answeredAt;
    expect(lingered).toBeGreaterThan(300);
    expect(lingered).toBeLessThan(1500);
  });

  it('a client that sends faster than the server drops is cut off once maxLingerBytes were dropped', async () => {
    handle = await startServer({ lingerMs: 10_000, maxLingerBytes: MiB });
    const heard = await trickle(handle.port, 256 * 1024, 1);
    expect(heard.text).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(heard.closedAt - heard.answeredAt).toBeLessThan(5000);
    // It dropped what it may (the answer came before any of the body was read), then closed.
    expect(heard.sent).toBeGreaterThanOrEqual(MiB);
    expect(heard.sent).toBeLessThan(16 * MiB);
  });

  it('a mounted toNodeHandler lingers the same way; toFetchHandler, whose runtime owns the connection, takes no such option', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    const http = createServer(toNodeHandler(server, { lingerMs: 400 }));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const heard = await trickle((http.address() as { port: number }).port, 10, 20);
      expect(heard.text).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      const lingered = heard.closedAt - heard.answeredAt;
      expect(lingered).toBeGreaterThan(300);
      expect(lingered).toBeLessThan(1500);
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
    expect(() => toFetchHandler(server, { lingerMs: 400 } as never)).toThrow(
      new TypeError('toFetchHandler: unknown option "lingerMs"'),
    );
  });

  it('with the default bounds, a trickler is cut off within 5 s', async () => {
    handle = await startServer();
    const heard = await trickle(handle.port, 10, 50);
    expect(heard.text).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(heard.closedAt - heard.answeredAt).toBeLessThan(6500);
  });
});
