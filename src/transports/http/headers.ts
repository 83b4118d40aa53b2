// Request header rules of Streamable HTTP (MCP 2025-06-18 and 2025-11-25, "Transports").
import type { HttpRequest, RequestHeaders } from './messages.js';
import { PROTOCOL_VERSIONS_2025 as PROTOCOL_VERSIONS } from '../../../schemas/rev2025.js';

export const SESSION_HEADER = 'mcp-session-id';
export const VERSION_HEADER = 'mcp-protocol-version';

/** What a client that sends no MCP-Protocol-Version is taken to speak (the spec's rule). */
export const DEFAULT_HTTP_PROTOCOL_VERSION = '2025-03-26';

const supported: ReadonlySet<string> = new Set(PROTOCOL_VERSIONS);

/** A header as one text: repeats joined with `, ` (Node keeps a few names as a list). */
export function headerText(req: HttpRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The headers with a repeated one as the list of its values (the 2026 rules refuse a repeated
 * Mcp-* header). When no name came twice that is `headers` itself: node:http builds
 * `headersDistinct` (an array per header) only when it is read.
 */
export function distinctHeaders(req: HttpRequest): RequestHeaders {
  if (req.rawHeaders === undefined) return req.headersDistinct;
  let names = 0;
  for (const _name in req.headers) names++;
  return names * 2 === req.rawHeaders.length ? req.headers : req.headersDistinct;
}

/** What a POST's Accept must admit (its answer may be JSON or a stream), and a GET's. */
export const POST_ACCEPTS: readonly string[] = ['application/json', 'text/event-stream'];
export const GET_ACCEPTS: readonly string[] = ['text/event-stream'];

/**
 * True when the Accept header admits every one of `types`; `*` ranges count, `q=0` does not. A client
 * sends the same Accept on every request: the answer for the last one is kept, per `types` (a constant list).
 */
export function acceptsAll(req: HttpRequest, types: readonly string[]): boolean {
  const accept = headerText(req, 'accept') ?? '';
  if (accept !== lastAccept || lastAnswers.size > 4) {
    lastAccept = accept;
    lastAnswers = new Map();
  }
  let answer = lastAnswers.get(types);
  if (answer === undefined) {
    answer = admitsAll(accept, types);
    lastAnswers.set(types, answer);
  }
  return answer;
}

let lastAccept: string | undefined;
let lastAnswers = new Map<readonly string[], boolean>();

function admitsAll(accept: string, types: readonly string[]): boolean {
  const ranges = accept
    .split(',')
    .map((part) => part.split(';'))
    .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
    .map(([range = '']) => range.trim().toLowerCase());
  return types.every((type) => {
    const major = type.split('/')[0];
    return ranges.some((range) => range === type || range === `${major}/*` || range === '*/*');
  });
}

/** `application/json`, with or without parameters such as `charset=utf-8`. */
export function isJsonBody(req: HttpRequest): boolean {
  const type = headerText(req, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * Any version this server supports is accepted, not only the negotiated one: clients (and the
 * conformance suite) may send another. Absent means 2025-03-26. Returns why it is refused, if it is.
 */
export function checkProtocolVersion(req: HttpRequest): string | undefined {
  const version = req.headers[VERSION_HEADER];
  if (version === undefined || (typeof version === 'string' && supported.has(version))) return undefined;
  return `unsupported MCP-Protocol-Version: ${String(version)} (supported: ${PROTOCOL_VERSIONS.join(', ')})`;
}

/** The Mcp-Session-Id the client sent; a repeated header (Node joins repeats with ", ") counts as none. */
export function readSessionId(req: HttpRequest): string | undefined {
  const id = req.headers[SESSION_HEADER];
  return typeof id === 'string' && id !== '' && !id.includes(',') ? id : undefined;
}
