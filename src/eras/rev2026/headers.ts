// The request headers a 2026 request carries over HTTP (SEP-2243, MCP 2026-07-28 "Streamable HTTP"):
// each mirrors a value of the body, and a missing, malformed or different one is -32020.
import type { IncomingRequest, RequestHeaders } from '../../core/codec.js';
import type { HeaderParam } from '../../core/method.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { decodeUtf8, fromBase64 } from '../../runtime/bytes.js';

/** The body param each method's `Mcp-Name` mirrors; methods not listed send none. */
export const NAME_PARAMS: ReadonlyMap<string, string> = new Map([
  ['tools/call', 'name'],
  ['prompts/get', 'name'],
  ['resources/read', 'uri'],
  ['tasks/get', 'taskId'],
  ['tasks/update', 'taskId'],
  ['tasks/cancel', 'taskId'],
]);

/** A value sent in base64 because it is not plain ASCII (or looks like this itself). */
export const SENTINEL = /^=\?base64\?(.*)\?=$/s;
/** Canonical base64: whole quanta, padding only at the end; the decoded bytes must be UTF-8. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A header's value as the client meant it: outer whitespace trimmed, the base64 sentinel decoded. A
 * header sent twice is refused: an intermediary may route on one copy while the body agrees with
 * the other (transports pass repeats as an array: node:http's `headersDistinct`).
 */
export function readHeader(headers: RequestHeaders, name: string): string | undefined {
  const raw = headers[name.toLowerCase()];
  if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) return undefined;
  if (Array.isArray(raw) && raw.length > 1)
    throw mismatch(`${displayName(name)} header: sent ${raw.length} times; send it once`);
  const value = (Array.isArray(raw) ? raw[0]! : raw).trim();
  const sentinel = SENTINEL.exec(value);
  if (sentinel === null) return value;
  const encoded = sentinel[1]!;
  if (!BASE64.test(encoded)) throw mismatch(`${displayName(name)} header: not valid base64 inside =?base64?…?=`);
  try {
    return decodeUtf8(fromBase64(encoded)!, true); // BASE64 matched: it decodes
  } catch {
    throw mismatch(`${displayName(name)} header: the base64 value is not UTF-8`);
  }
}

/** `MCP-Protocol-Version` must be present and name the body's version. */
export function checkVersionHeader(request: IncomingRequest, version: string): void {
  if (request.headers === undefined) return;
  const header = readHeader(request.headers, 'mcp-protocol-version');
  if (header === undefined)
    throw mismatch(`MCP-Protocol-Version header is required and must be ${JSON.stringify(version)}`);
  if (header !== version) {
    throw mismatch(
      `MCP-Protocol-Version header ${JSON.stringify(header)} does not match params._meta version ` +
        `${JSON.stringify(version)}`,
    );
  }
}

/** `Mcp-Method` must equal the body's method, and `Mcp-Name` the param it mirrors (case-sensitive, trimmed). */
export function checkRoutingHeaders(request: IncomingRequest): void {
  const { headers } = request;
  if (headers === undefined) return;
  const method = readHeader(headers, 'mcp-method');
  if (method === undefined) throw mismatch(`Mcp-Method header is required: ${JSON.stringify(request.method)}`);
  if (method !== request.method) {
    throw mismatch(
      `Mcp-Method header ${JSON.stringify(method)} does not match the body's method ${JSON.stringify(request.method)}`,
    );
  }
  const param = NAME_PARAMS.get(request.method);
  const value = request.via ?? (param === undefined ? undefined : request.params?.[param]);
  if (typeof value !== 'string') return;
  const name = readHeader(headers, 'mcp-name');
  if (name === undefined) throw mismatch(`Mcp-Name header is required: ${JSON.stringify(value)} (params.${param})`);
  if (name !== value)
    throw mismatch(`Mcp-Name header ${JSON.stringify(name)} does not match params.${param} ${JSON.stringify(value)}`);
}

/**
 * Each argument a tool marked with `x-mcp-header` must come as `Mcp-Param-<name>` when the body has a
 * value for it (absent or null: no header is expected). Strings compare exactly, integers by value,
 * booleans as `true`/`false`.
 */
export function checkParamHeaders(headers: RequestHeaders, params: readonly HeaderParam[]): void {
  for (const { name, value } of params) {
    if (value === undefined || value === null) continue;
    const header = `Mcp-Param-${name}`;
    const sent = readHeader(headers, header);
    if (sent === undefined) throw mismatch(`${header} header is required: the arguments hold ${JSON.stringify(value)}`);
    if (!sameValue(sent, value))
      throw mismatch(`${header} header ${JSON.stringify(sent)} does not match the argument ${JSON.stringify(value)}`);
  }
}

function sameValue(sent: string, value: unknown): boolean {
  if (typeof value === 'string') return sent === value;
  if (typeof value === 'boolean') return sent === String(value);
  if (typeof value === 'number') return /^-?\d+$/.test(sent) && Number(sent) === value;
  return false;
}

function mismatch(data: string): ProtocolError {
  return new ProtocolError(ErrorCode.HeaderMismatch, data);
}

/** `mcp-param-region` → `Mcp-Param-Region`, for messages. */
function displayName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());
}
