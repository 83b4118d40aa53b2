// The two protocol eras and what a request knows about its client. The codecs themselves live in eras/.
import type { ClientCapabilities, Implementation } from '../../schemas/common.js';
import type { LogLevel } from '../../schemas/logging.js';
import { PROTOCOL_VERSIONS_2025 } from '../../schemas/rev2025.js';
import { MetaKey, PROTOCOL_VERSIONS_2026 } from '../../schemas/rev2026.js';

/**
 * `rev2025`: 2024-11-05 to 2025-11-25, an `initialize` handshake scoped to the connection.
 * `rev2026`: 2026-07-28 and later, stateless, every request carrying its version and client in `_meta`.
 */
export type Era = 'rev2025' | 'rev2026';

/** The eras a server may be configured to serve (both by default). */
export const ERAS: readonly Era[] = ['rev2025', 'rev2026'];

/**
 * Revision ids are ISO dates; every revision from 2026-07-28 on speaks the 2026 wire. Anything that is no date is not
 * one.
 */
export function eraOf(version: string): Era {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= '2026-07-28' ? 'rev2026' : 'rev2025';
}

export const VERSIONS_2025: ReadonlySet<string> = new Set(PROTOCOL_VERSIONS_2025);
export const VERSIONS_2026: ReadonlySet<string> = new Set(PROTOCOL_VERSIONS_2026);

/**
 * Who is asking, for one request: from the connection's handshake (2025) or from the request's own
 * `_meta` (2026). Handlers read it as `ctx.client`; on 2026 nothing of it outlives the request.
 */
export interface ClientView {
  readonly era: Era;
  readonly protocolVersion: string;
  readonly capabilities: ClientCapabilities;
  readonly info: Implementation | undefined;
  /**
   * Log messages below this level are not sent. `undefined`: none are sent at all (2026 without
   * `io.modelcontextprotocol/logLevel`). 2025 connections start at `info`.
   */
  readonly logLevel: LogLevel | undefined;
}

/**
 * Whether a message speaks 2026: its `params._meta` claims a protocol version (whatever it names:
 * the 2026 rules then judge the claim), or, on HTTP, its MCP-Protocol-Version header names a 2026
 * revision (but for `initialize`). Everything else is 2025, the era of clients that send `initialize`.
 */
export function claimsModernEra(
  method: unknown,
  params: unknown,
  versionHeader: string | string[] | undefined,
): boolean {
  if (typeof params === 'object' && params !== null) {
    const meta = (params as { _meta?: unknown })._meta;
    if (
      typeof meta === 'object' &&
      meta !== null &&
      (meta as Record<string, unknown>)[MetaKey.protocolVersion] !== undefined
    )
      return true;
  }
  // initialize without a claim is a 2025 client's, whatever header came with it.
  if (method === 'initialize') return false;
  const header = Array.isArray(versionHeader) ? versionHeader[0] : versionHeader;
  return typeof header === 'string' && eraOf(header.trim()) === 'rev2026';
}
