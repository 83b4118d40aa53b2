// The router's fast recognition of the usual request envelope must accept exactly what the Zod
// schema `Request` accepts for such frames, and classify them the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { schemas } from '../../schemas/index.js';
import { McpServer } from '../../src/index.js';
import { classify, isUsualEnvelope } from '../../src/jsonrpc/classify.js';

const { Request, RequestId, Response: ResponseSchema } = schemas;

const RequestEnvelope = Request.extend({ params: z.unknown().optional() });

/** Values near every edge of the envelope's members: ids of every JSON type, odd numbers, near-"2.0" strings. */
const member = fc.oneof(
  fc.constantFrom(
    '2.0',
    '2',
    '2.00',
    ' 2.0',
    '',
    'tools/call',
    2,
    2.0,
    0,
    -0,
    1.5,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 1,
    -Number.MAX_SAFE_INTEGER,
    1e21,
    NaN,
    Infinity,
    -Infinity,
    null,
    true,
    false,
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
);
const frame = fc.record(
  {
    jsonrpc: member,
    id: member,
    method: member,
    params: fc.oneof(fc.constant(undefined), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 })),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('classify: the usual envelope', () => {
  it('is recognised exactly where RequestEnvelope accepts the frame', () => {
    fc.assert(
      fc.property(frame, (value) => {
        expect(isUsualEnvelope(value.jsonrpc, value.id, value.method)).toBe(RequestEnvelope.safeParse(value).success);
      }),
      { numRuns: 20_000 },
    );
  });

  it('classifies every request as Request.safeParse reads it, and refuses what Request refuses', () => {
    fc.assert(
      fc.property(frame, (value) => {
        if (value.method === undefined || value.id === undefined) return;
        const parsed = Request.safeParse(value);
        const classified = classify(value);
        if (parsed.success) {
          expect(classified).toEqual({
            kind: 'request',
            id: parsed.data.id,
            method: parsed.data.method,
            params: parsed.data.params,
          });
        } else {
          expect(classified.kind).toBe('invalid');
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads -0, the largest safe integer and a string id as ids, and refuses what z.int() refuses', () => {
    for (const id of [-0, Number.MAX_SAFE_INTEGER, 'a'])
      expect(classify({ jsonrpc: '2.0', id, method: 'ping' })).toEqual({
        kind: 'request',
        id,
        method: 'ping',
        params: undefined,
      });
    for (const id of [1.5, Number.MAX_SAFE_INTEGER + 1, 1e21, NaN, true]) {
      expect(classify({ jsonrpc: '2.0', id, method: 'ping' })).toMatchObject({ kind: 'invalid' });
    }
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { a: 1 } })).toEqual({
      kind: 'request',
      id: 1,
      method: 'ping',
      params: { a: 1 },
    });
  });

  it('reads each member once: the id and method it returns are the ones it checked, whatever a getter answers next', () => {
    let methodReads = 0;
    let idReads = 0;
    const frame = {
      jsonrpc: '2.0',
      get id() {
        return idReads++ === 0 ? 7 : { not: 'an id' };
      },
      get method() {
        return methodReads++ === 0 ? 'ping' : 42;
      },
    };
    expect(classify(frame)).toEqual({ kind: 'request', id: 7, method: 'ping', params: undefined });
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { a: 1 } })).toMatchObject({ kind: 'request' });
  });
});

describe('classify: frames shaped like a response', () => {
  const responseMember = fc.oneof(
    member,
    fc.constant({}),
    fc.constant({ code: -32600, message: 'x' }),
    fc.constant({ code: 'x', message: 'x' }),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
  );
  const responseShaped = fc.record(
    { jsonrpc: member, id: member, result: responseMember, error: responseMember },
    { requiredKeys: [] },
  );

  it('is a response exactly where the Response schema accepts it; anything else with an id is invalid, with the id when it is one', () => {
    fc.assert(
      fc.property(responseShaped, (value) => {
        if (value.id === undefined || !('result' in value || 'error' in value)) return;
        const classified = classify(value);
        if (ResponseSchema.safeParse(value).success)
          expect(classified).toStrictEqual({ kind: 'response', id: value.id });
        else
          expect(classified).toStrictEqual({
            kind: 'invalid',
            id: RequestId.safeParse(value.id).success ? value.id : undefined,
            data: 'expected a request (jsonrpc, id, method) or a notification (jsonrpc, method)',
          });
      }),
      { numRuns: 20_000 },
    );
  });

  it('a malformed one is answered -32600 through handle, never taken as a response and left unanswered', async () => {
    const server = new McpServer({ name: 's', version: '1', tools: [] });
    const data = 'expected a request (jsonrpc, id, method) or a notification (jsonrpc, method)';
    const cases: [unknown, unknown][] = [
      [
        { id: 14, result: {} },
        { jsonrpc: '2.0', id: 14, error: { code: -32600, message: 'Invalid Request', data } },
      ],
      [
        { jsonrpc: '1.0', id: 15, result: {} },
        { jsonrpc: '2.0', id: 15, error: { code: -32600, message: 'Invalid Request', data } },
      ],
      [
        { jsonrpc: '2.0', id: 16, result: [] },
        { jsonrpc: '2.0', id: 16, error: { code: -32600, message: 'Invalid Request', data } },
      ],
      [
        { jsonrpc: '2.0', id: 'r', result: 'ok' },
        { jsonrpc: '2.0', id: 'r', error: { code: -32600, message: 'Invalid Request', data } },
      ],
      [
        { jsonrpc: '2.0', id: 17, error: {} },
        { jsonrpc: '2.0', id: 17, error: { code: -32600, message: 'Invalid Request', data } },
      ],
      [
        { jsonrpc: '2.0', id: 18, error: { code: 'x', message: 'm' } },
        { jsonrpc: '2.0', id: 18, error: { code: -32600, message: 'Invalid Request', data } },
      ],
      [
        { jsonrpc: '2.0', id: 1.5, result: {} },
        { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request', data } },
      ],
      [{ jsonrpc: '2.0', id: 19, result: {} }, null], // well formed: a response to no request of ours, nothing to answer
    ];
    for (const [frame, answer] of cases) expect([frame, await server.handle(frame)]).toStrictEqual([frame, answer]);
  });
});
