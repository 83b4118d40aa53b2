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

export type EraName = '2025' | '2026';

/** A request as each era frames it: enveloped (2026), or as it is (2025, in a session after initialize). */
export function eraRequest(era: EraName, id: number, method: string, params: Record<string, unknown> = {}) {
  return era === '2026' ? modern(id, method, params) : { jsonrpc: '2.0', id, method, params };
}

/** A complete tools/call result of one text block, as each era frames it (test-server 1.2.3's). */
export function eraTextResult(era: EraName, id: number, text: string, isError = false) {
  return {
    jsonrpc: '2.0',
    id,
    result:
      era === '2026'
        ? { resultType: 'complete', content: [{ type: 'text', text }], isError, ...serverInfoMeta() }
        : { content: [{ type: 'text', text }], isError },
  };
}
