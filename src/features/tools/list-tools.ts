import { ListToolsParams, type ListToolsResult } from '../../../schemas/mcp.js';
import { defineMethod } from '../../core/method.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';

/** tools/list: every tool's descriptor, computed when it was defined; pages of `pageSize` with an opaque cursor. */
export const listTools = defineMethod(ListToolsParams, (params, { server }): ListToolsResult => {
  const { toolList, pageSize } = server;
  const start = params?.cursor === undefined ? 0 : decodeCursor(params.cursor, toolList.length, pageSize);
  if (start === 0 && toolList.length <= pageSize) return { tools: toolList as ListToolsResult['tools'] };
  const end = start + pageSize;
  const tools = toolList.slice(start, end);
  return end < toolList.length ? { tools, nextCursor: encodeCursor(end) } : { tools };
});

function encodeCursor(offset: number): string {
  return Buffer.from(`tools:${offset}`).toString('base64url');
}

/** Only offsets this server could have given out: a whole number of pages in, short of the end. */
function decodeCursor(cursor: string, length: number, pageSize: number): number {
  const match = /^tools:([1-9]\d{0,8})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = match ? Number(match[1]) : NaN;
  if (!(offset < length && offset % pageSize === 0)) throw new ProtocolError(ErrorCode.InvalidParams, 'params.cursor: not a cursor this server gave out');
  return offset;
}
