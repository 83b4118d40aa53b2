// Frames of the 2026 era: every request carries its version and client in params._meta.
export const V2026 = '2026-07-28';

export const META = {
  'io.modelcontextprotocol/protocolVersion': V2026,
  'io.modelcontextprotocol/clientInfo': { name: 'era-test-client', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
} as const;

/** The `_meta` envelope, with extra keys (a log level, a progress token, other capabilities). */
export const envelope = (extra: Record<string, unknown> = {}) => ({ ...META, ...extra });

/** A 2026 request: `params` plus the envelope (unless params already carries a `_meta`). */
export function modern(id: number | string, method: string, params: Record<string, unknown> = {}) {
  return {
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: (params._meta as object | undefined) ?? envelope() },
  };
}

/** What the 2026 codec adds to every result: the server's identity, last. */
export const serverInfoMeta = (name = 'test-server', version = '1.2.3') => ({
  _meta: { 'io.modelcontextprotocol/serverInfo': { name, version } },
});
