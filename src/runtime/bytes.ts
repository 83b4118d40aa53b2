// Bytes and text with what every runtime has (TextEncoder, atob/btoa), so the core runs where
// Buffer does not (workerd, browsers). Where Buffer is there (Node, Bun, Deno), its native
// base64 is used: a resource of megabytes encodes at its speed.

const utf8Encoder = new TextEncoder();
/** `fatal`: bytes that are not UTF-8 throw rather than turn into U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextDecoder();

interface NativeBuffer {
  from(value: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64'): string };
  from(value: string, encoding: 'base64'): Uint8Array;
}
const nativeBuffer = (globalThis as { Buffer?: NativeBuffer }).Buffer;

export function encodeUtf8(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

/** UTF-8 bytes as text; malformed sequences become U+FFFD, or throw with `strict`. */
export function decodeUtf8(bytes: Uint8Array, strict = false): string {
  return (strict ? strictUtf8 : utf8).decode(bytes);
}

/** How many bytes `text` takes in UTF-8 (a Content-Length), without encoding it. */
export function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) length += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 2; // a surrogate pair: 4 bytes for its two units
      i++;
    } else length += 2; // 3 bytes (a lone surrogate is written as U+FFFD, also 3)
  }
  return length;
}

export function toBase64(bytes: Uint8Array): string {
  if (nativeBuffer !== undefined)
    return nativeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  const step = 0x8000; // String.fromCharCode's argument list stays well under every engine's limit
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(binary);
}

/** Standard base64 (padding optional) -> bytes; undefined for anything else. */
export function fromBase64(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** base64url as this library writes it (no padding) -> bytes; undefined for any other text. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
}
