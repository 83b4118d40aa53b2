// The toolsets an HTTP request names: its `X-MCP-Toolsets` header, or a path `<endpoint>/x/<names>`
// (`/mcp/x/issues,repos`), else the handler's own `toolsets` option. An unknown name is 400, never ignored.
import { ProtocolError } from '../../jsonrpc/errors.js';
import { parseSelection } from '../../core/toolsets.js';
import type { HttpRequest } from './messages.js';
import { distinctHeaders } from './headers.js';
import type { HttpState } from './state.js';

export const TOOLSETS_HEADER = 'x-mcp-toolsets';

/** The path of a selection under `endpoint` (or under any path, for a handler mounted without one). */
export function selectionOfPath(path: string, endpoint: string | undefined): string[] | undefined {
  const at = path.lastIndexOf('/x/');
  if (at === -1 || (endpoint !== undefined && path.slice(0, at) !== endpoint)) return undefined;
  const names = decodeURIComponent(path.slice(at + 3));
  return names.includes('/') ? undefined : parseSelection(names);
}

/**
 * What the request names, checked against the server's toolsets: the names (or undefined when it
 * names none and the handler has no `toolsets`), or the refusal's words.
 */
export function readToolsets(
  state: HttpState,
  req: HttpRequest,
  fromPath: string[] | undefined,
): string[] | undefined | { refusal: string } {
  const header = distinctHeaders(req)[TOOLSETS_HEADER];
  const fromHeader =
    header === undefined ? undefined : parseSelection(Array.isArray(header) ? header.join(',') : header);
  if (fromHeader !== undefined && fromPath !== undefined && fromHeader.join(',') !== fromPath.join(',')) {
    return {
      refusal: `X-MCP-Toolsets (${fromHeader.join(',')}) and the path (${fromPath.join(',')}) name different toolsets`,
    };
  }
  const named = fromHeader ?? fromPath ?? state.options.toolsets;
  if (named === undefined) return undefined;
  if (named.length === 0) return { refusal: 'X-MCP-Toolsets names no toolset (give one or more names, or "all")' };
  try {
    state.server.checkToolsets(named);
  } catch (error) {
    if (error instanceof ProtocolError) return { refusal: String(error.data) };
    throw error;
  }
  return [...named];
}
