// readBody's limits: the size of one body, its deadline, and the bytes of all bodies being read at once.
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createBodyBudget, readBody, type BodyBudget, type BodyRead } from '../../src/transports/http/body.js';

function fakeRequest(headers: Record<string, string> = {}): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers }) as unknown as PassThrough & IncomingMessage;
}

/** What a read settled with, the body as text. */
function shown(read: BodyRead): unknown {
  return read.ok ? { ok: true, body: read.body.toString('utf8') } : read;
}

describe('readBody', () => {
  const cases: [string, Record<string, string>, (req: PassThrough) => void, unknown][] = [
    ['a body that arrives in full', {}, (req) => req.end('{"a":1}'), { ok: true, body: '{"a":1}' }],
    ['a body of exactly maxBytes', {}, (req) => req.end('x'.repeat(10)), { ok: true, body: 'x'.repeat(10) }],
    ['a declared Content-Length over maxBytes, before any byte', { 'content-length': '11' }, () => undefined, { ok: false, reason: 'too-large' }],
    ['a body that grows past maxBytes', {}, (req) => req.write('x'.repeat(11)), { ok: false, reason: 'too-large' }],
    ['a body that is not all there within timeoutMs', { 'content-length': '5' }, (req) => req.write('ab'), { ok: false, reason: 'late' }],
    ['a client that goes away', {}, (req) => req.destroy(), { ok: false, reason: 'gone' }],
  ];

  it.each(cases)('%s', async (_name, headers, act, expected) => {
    const budget = createBodyBudget(10);
    const req = fakeRequest(headers);
    const read = readBody(req, { maxBytes: 10, timeoutMs: 50, budget });
    act(req);
    expect(shown(await read)).toStrictEqual(expected);
    expect(budget.take(10)).toBe(true); // every byte it took was given back
  });

  it('bodies being read share the budget; a chunk that does not fit is refused, and a settled body gives its bytes back', async () => {
    const budget: BodyBudget = createBodyBudget(10);
    const limits = { maxBytes: 10, timeoutMs: 5000, budget };
    const [first, second, third] = [fakeRequest(), fakeRequest(), fakeRequest()];
    const firstRead = readBody(first, limits);
    const secondRead = readBody(second, limits);
    first.write('x'.repeat(8));
    second.write('y'.repeat(3));
    expect(shown(await secondRead)).toStrictEqual({ ok: false, reason: 'busy' });
    first.end();
    expect(shown(await firstRead)).toStrictEqual({ ok: true, body: 'x'.repeat(8) });
    const thirdRead = readBody(third, limits);
    third.end('z'.repeat(10));
    expect(shown(await thirdRead)).toStrictEqual({ ok: true, body: 'z'.repeat(10) });
  });
  it('lets go of the request once settled: no listener of its own stays but one that ignores a late error (a listen stream lives as long as its request)', async () => {
    // Like node's IncomingMessage, it emits no 'close' when its body ends: that comes with the response's end.
    const req = Object.assign(new PassThrough({ emitClose: false }), { headers: {} }) as unknown as PassThrough & IncomingMessage;
    const before = { data: req.listenerCount('data'), end: req.listenerCount('end'), close: req.listenerCount('close'), error: req.listenerCount('error') };
    const read = readBody(req, { maxBytes: 10, timeoutMs: 5000, budget: createBodyBudget(10) });
    req.end('{"a":1}');
    expect(shown(await read)).toStrictEqual({ ok: true, body: '{"a":1}' });
    expect({ data: req.listenerCount('data'), end: req.listenerCount('end'), close: req.listenerCount('close') }).toStrictEqual({ data: before.data, end: before.end, close: before.close });
    expect(req.listenerCount('error')).toBe(before.error + 1);
    expect(() => req.emit('error', new Error('late'))).not.toThrow();
  });
});
