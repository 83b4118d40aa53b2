// src/runtime/bytes.ts does without Buffer what Buffer does: the same lengths, the same base64.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, fromBase64Url, toBase64, toBase64Url, utf8Length } from '../../src/runtime/bytes.js';

describe('bytes without Buffer', () => {
  it('utf8Length is the UTF-8 length Buffer gives, for any string (lone surrogates included)', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀b', '\ud800', '\udc00x', '\ud800\ud800\udc00'])
      expect(utf8Length(text)).toBe(Buffer.byteLength(text));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => utf8Length(text) === Buffer.byteLength(text)));
  });

  it('base64 and base64url are Buffer’s, and read back what they wrote', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100_000 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        expect(toBase64(bytes)).toBe(buffer.toString('base64'));
        expect(toBase64Url(bytes)).toBe(buffer.toString('base64url'));
        expect(fromBase64(toBase64(bytes))).toStrictEqual(bytes);
        expect(fromBase64Url(toBase64Url(bytes))).toStrictEqual(bytes);
      }),
      { numRuns: 50 },
    );
  });

  it('without Buffer too (a worker): the same text', async () => {
    const saved = globalThis.Buffer;
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256); // more than one String.fromCharCode step
    const expected = Buffer.from(bytes).toString('base64');
    let fresh: typeof import('../../src/runtime/bytes.js');
    try {
      (globalThis as { Buffer?: unknown }).Buffer = undefined;
      fresh = (await import('../../src/runtime/bytes.js?no-buffer' as string)) as typeof fresh; // a second instance, loaded with no Buffer
    } finally {
      globalThis.Buffer = saved;
    }
    expect(fresh.toBase64(bytes)).toBe(expected);
    expect(fresh.fromBase64(expected)).toStrictEqual(bytes);
  });

  it('refuses what is not base64url as this library writes it', () => {
    for (const text of ['a', 'ab=', 'a+b/', 'abc$', 'abcde']) expect(fromBase64Url(text)).toBeUndefined();
  });
});
