// Reading a body within its limits (the size of one body, its deadline, and the bytes of all bodies
// being read at once), the same on both hosts: Node's request stream and a web Request's body.
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  createBodyBudget,
  type BodyBudget,
  type BodyLimits,
  type BodyRead,
} from '../../../src/transports/http/body.js';
import type { HttpRequest } from '../../../src/transports/http/messages.js';
import { readNodeBody } from '../../../src/transports/http/node/body.js';
import { readWebBody, toHttpRequest } from '../../../src/transports/http/web/request.js';

/** A request whose body the test writes, on one host. */
interface Driven {
  readonly req: HttpRequest;
  write(text: string | Uint8Array): void;
  end(text?: string): void;
  /** The client goes away. */
  gone(): void;
}

interface Host {
  readonly name: string;
  make(headers?: Record<string, string>): Driven;
  read(req: HttpRequest, limits: BodyLimits): Promise<BodyRead>;
}

const node: Host = {
  name: 'node',
  make(headers = {}) {
    const stream = Object.assign(new PassThrough(), { headers, headersDistinct: {} }) as unknown as PassThrough &
      IncomingMessage;
    return {
      req: stream,
      write: (text) => void stream.write(text),
      end: (text) => void stream.end(text),
      gone: () => void stream.destroy(),
    };
  },
  read: readNodeBody,
};

const web: Host = {
  name: 'web',
  make(headers = {}) {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const abort = new AbortController();
    const request = new Request('http://localhost/mcp', {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit);
    const encoder = new TextEncoder();
    return {
      req: toHttpRequest(request),
      write: (text) => controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text),
      end: (text) => {
        if (text !== undefined) controller.enqueue(encoder.encode(text));
        controller.close();
      },
      gone: () => abort.abort(),
    };
  },
  read: readWebBody,
};

describe.each([node, web])('reading a body on the $name host', (host) => {
  const cases: [string, Record<string, string>, (req: Driven) => void, BodyRead][] = [
    ['a body that arrives in full', {}, (req) => req.end('{"a":1}'), { ok: true, text: '{"a":1}' }],
    ['a body of exactly maxBytes', {}, (req) => req.end('x'.repeat(10)), { ok: true, text: 'x'.repeat(10) }],
    [
      'a body in UTF-8, split inside a character',
      {},
      (req) => (req.write(new Uint8Array([0xc3])), req.write(new Uint8Array([0xa9])), req.end()),
      { ok: true, text: 'é' },
    ],
    [
      'a declared Content-Length over maxBytes, before any byte',
      { 'content-length': '11' },
      () => undefined,
      { ok: false, reason: 'too-large' },
    ],
    ['a body that grows past maxBytes', {}, (req) => req.write('x'.repeat(11)), { ok: false, reason: 'too-large' }],
    [
      'a body that is not all there within timeoutMs',
      { 'content-length': '5' },
      (req) => req.write('ab'),
      { ok: false, reason: 'late' },
    ],
    ['a client that goes away', {}, (req) => req.gone(), { ok: false, reason: 'gone' }],
  ];

  it.each(cases)('%s', async (_name, headers, act, expected) => {
    const budget = createBodyBudget(10);
    const driven = host.make(headers);
    const read = host.read(driven.req, { maxBytes: 10, timeoutMs: 50, budget });
    act(driven);
    expect(await read).toStrictEqual(expected);
    expect(budget.take(10)).toBe(true); // every byte it took was given back
  });

  it('bodies being read share the budget; a chunk that does not fit is refused, and a settled body gives its bytes back', async () => {
    const budget: BodyBudget = createBodyBudget(10);
    const limits = { maxBytes: 10, timeoutMs: 5000, budget };
    const [first, second, third] = [host.make(), host.make(), host.make()];
    const firstRead = host.read(first.req, limits);
    const secondRead = host.read(second.req, limits);
    first.write('x'.repeat(8));
    await new Promise((resolve) => setTimeout(resolve, 10)); // the first chunk is taken before the second arrives
    second.write('y'.repeat(3));
    expect(await secondRead).toStrictEqual({ ok: false, reason: 'busy' });
    first.end();
    expect(await firstRead).toStrictEqual({ ok: true, text: 'x'.repeat(8) });
    const thirdRead = host.read(third.req, limits);
    third.end('z'.repeat(10));
    expect(await thirdRead).toStrictEqual({ ok: true, text: 'z'.repeat(10) });
  });
});

describe('the node host', () => {
  it('lets go of the request once settled: no listener of its own stays but one that ignores a late error (a listen stream lives as long as its request)', async () => {
    // Like node's IncomingMessage, it emits no 'close' when its body ends: that comes with the response's end.
    const req = Object.assign(new PassThrough({ emitClose: false }), {
      headers: {},
      headersDistinct: {},
    }) as unknown as PassThrough & IncomingMessage;
    const before = {
      data: req.listenerCount('data'),
      end: req.listenerCount('end'),
      close: req.listenerCount('close'),
      error: req.listenerCount('error'),
    };
    const read = readNodeBody(req, { maxBytes: 10, timeoutMs: 5000, budget: createBodyBudget(10) });
    req.end('{"a":1}');
    expect(await read).toStrictEqual({ ok: true, text: '{"a":1}' });
    expect({
      data: req.listenerCount('data'),
      end: req.listenerCount('end'),
      close: req.listenerCount('close'),
    }).toStrictEqual({ data: before.data, end: before.end, close: before.close });
    expect(req.listenerCount('error')).toBe(before.error + 1);
    expect(() => req.emit('error', new Error('late'))).not.toThrow();
  });
});

describe('the web host', () => {
  it('refuses a body something read before (a middleware) as consumed, and reads a request with no body as empty', async () => {
    const limits = { maxBytes: 10, timeoutMs: 5000, budget: createBodyBudget(10) };
    const used = new Request('http://localhost/mcp', { method: 'POST', body: '{}' });
    await used.text();
    expect(await readWebBody(toHttpRequest(used), limits)).toStrictEqual({ ok: false, reason: 'consumed' });
    expect(
      await readWebBody(toHttpRequest(new Request('http://localhost/mcp', { method: 'POST' })), limits),
    ).toStrictEqual({ ok: true, text: '' });
  });

  it('stops reading once the answer is done (its deadline ends with it)', async () => {
    const driven = web.make();
    const read = readWebBody(driven.req, { maxBytes: 10, timeoutMs: 5000, budget: createBodyBudget(10) });
    driven.write('ab');
    (driven.req as ReturnType<typeof toHttpRequest>).answered.abort();
    expect(await read).toStrictEqual({ ok: false, reason: 'gone' });
  });
});
