// Opaque cursors for every list method: a page of `pageSize` items, then a cursor to the next one.
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import { decodeUtf8, encodeUtf8, fromBase64Url, toBase64Url } from '../runtime/bytes.js';

/**
 * The page that starts at `cursor` (or the first one). A cursor names its list and an offset this
 * server could have given out (a whole number of pages in, short of the end); any other is -32602.
 */
export function page<T>(
  items: readonly T[],
  cursor: string | undefined,
  pageSize: number,
  list: string,
): { items: readonly T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : decodeCursor(cursor, list, items.length, pageSize);
  if (start === 0 && items.length <= pageSize) return { items };
  const end = start + pageSize;
  const slice = items.slice(start, end);
  return end < items.length ? { items: slice, nextCursor: encodeCursor(list, end) } : { items: slice };
}

function encodeCursor(list: string, offset: number): string {
  return toBase64Url(encodeUtf8(`${list}:${offset}`));
}

function decodeCursor(cursor: string, list: string, length: number, pageSize: number): number {
  const bytes = fromBase64Url(cursor);
  const text = bytes === undefined ? '' : decodeUtf8(bytes);
  const match = text.startsWith(`${list}:`) ? /^([1-9]\d{0,8})$/.exec(text.slice(list.length + 1)) : null;
  const offset = match ? Number(match[1]) : NaN;
  if (!(offset < length && offset % pageSize === 0)) {
    throw new ProtocolError(ErrorCode.InvalidParams, 'params.cursor: not a cursor this server gave out');
  }
  return offset;
}
