// The router's fast recognition of the usual request envelope must accept exactly what the Zod
// schema `Request` accepts for such frames, and classify them the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { Request } from '../../schemas/jsonrpc.js';
import { classify, isUsualEnvelope } from '../../src/jsonrpc/classify.js';

const RequestEnvelope = Request.extend({ params: z.unknown().optional() });

/** Values near every edge of the envelope's members: ids of every JSON type, odd numbers, near-"2.0" strings. */
const member = fc.oneof(
  fc.constantFrom('2.0', '2', '2.00', ' 2.0', '', 'tools/call', 2, 2.0, 0, -0, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, -Number.MAX_SAFE_INTEGER, 1e21, NaN, Infinity, -Infinity, null, true, false),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
);
const frame = fc.record(
  { jsonrpc: member, id: member, method: member, params: fc.oneof(fc.constant(undefined), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 })), extra: fc.jsonValue() },
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
          expect(classified).toEqual({ kind: 'request', id: parsed.data.id, method: parsed.data.method, params: parsed.data.params });
        } else {
          expect(classified.kind).toBe('invalid');
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads -0, the largest safe integer and a string id as ids, and refuses what z.int() refuses', () => {
    for (const id of [-0, Number.MAX_SAFE_INTEGER, 'a']) expect(classify({ jsonrpc: '2.0', id, method: 'ping' })).toEqual({ kind: 'request', id, method: 'ping', params: undefined });
    for (const id of [1.5, Number.MAX_SAFE_INTEGER + 1, 1e21, NaN, true]) {
      expect(classify({ jsonrpc: '2.0', id, method: 'ping' })).toMatchObject({ kind: 'invalid' });
    }
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { a: 1 } })).toEqual({ kind: 'request', id: 1, method: 'ping', params: { a: 1 } });
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
