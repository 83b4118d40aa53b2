// The headers a 2026 request carries over HTTP (SEP-2243): the version, the method, the name the
// method routes on, and each tool argument its schema marks with `x-mcp-header`.
import { NAME_PARAMS, SENTINEL } from '../eras/rev2026/headers.js';
import { encodeUtf8, toBase64 } from '../runtime/bytes.js';

/** A tool argument sent as a header too: `Mcp-Param-<header>` mirrors the argument at `path`. */
export interface HeaderParam {
  readonly header: string;
  readonly path: readonly string[];
}

/** A printable ASCII value without outer spaces goes as it is; any other, and one that looks encoded, in base64. */
export function headerValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !SENTINEL.test(value);
  return plain ? value : `=?base64?${toBase64(encodeUtf8(value))}?=`;
}

export function requestHeaders(
  version: string,
  method: string,
  params: Readonly<Record<string, unknown>>,
  headerParams: readonly HeaderParam[] = [],
): Record<string, string> {
  const headers: Record<string, string> = { 'MCP-Protocol-Version': version, 'Mcp-Method': method };
  const param = NAME_PARAMS.get(method);
  const name = param === undefined ? undefined : params[param];
  if (typeof name === 'string') headers['Mcp-Name'] = headerValue(name);
  const args = params.arguments;
  for (const { header, path } of headerParams) {
    const value = path.reduce<unknown>(
      (at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined),
      args,
    );
    if (typeof value === 'string') headers[`Mcp-Param-${header}`] = headerValue(value);
    else if (typeof value === 'number' || typeof value === 'boolean') headers[`Mcp-Param-${header}`] = String(value);
  }
  return headers;
}

/** The `x-mcp-header` marks of a tool's input schema, reached from the root through `properties` alone. */
export function headerParamsOf(schema: unknown, path: readonly string[] = []): HeaderParam[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { properties } = schema as { properties?: Record<string, unknown> };
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties).flatMap(([key, property]) => {
    const mark = (property as { 'x-mcp-header'?: unknown } | null)?.['x-mcp-header'];
    const own = typeof mark === 'string' ? [{ header: mark, path: [...path, key] }] : [];
    return [...own, ...headerParamsOf(property, [...path, key])];
  });
}
