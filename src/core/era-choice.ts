// Which era a request speaks, and what pins a connection's: the `_meta` claim or the 2026 header, else
// 2025; a connection that pins its era (stdio) holds to its first.
import { MetaKey } from '../../schemas/rev2026.js';
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import type { IncomingRequest, RequestHeaders } from './codec.js';
import type { Session } from './connection.js';
import { claimsModernEra, type Era } from './era.js';

/**
 * stdio serves one client: its first `initialize` or enveloped request pins the era, and a 2026
 * request on a connection pinned to 2025 is refused with the version it speaks (the other way
 * round, the 2026 codec refuses `initialize` itself). `server/discover` is always answered and
 * pins nothing: dual-era clients probe with it.
 */
export function pinEra(session: Session, era: Era, request: IncomingRequest): void {
  if (era === 'rev2026' && request.method === 'server/discover') return;
  if (session.era === undefined) {
    if (era === 'rev2026' || request.method === 'initialize') session.era = era;
    return;
  }
  if (session.era === 'rev2025' && era === 'rev2026') {
    const requested = String((request.params?._meta as Record<string, unknown> | undefined)?.[MetaKey.protocolVersion]);
    throw new ProtocolError(ErrorCode.UnsupportedProtocolVersion, {
      supported: [session.client.protocolVersion],
      requested,
    });
  }
}

/**
 * The era of one request. A modern `_meta` claim (or, on HTTP, a modern MCP-Protocol-Version header)
 * means 2026; anything else 2025, the era of clients that send `initialize`. On a connection that
 * pins its era (stdio), a request without a claim follows the pinned era.
 */
export function selectEra(eras: ReadonlySet<Era>, request: IncomingRequest, session: Session): Era {
  if (!eras.has('rev2026')) return 'rev2025';
  if (!eras.has('rev2025')) return 'rev2026';
  if (claimsModernEra(request.method, request.params, request.headers?.['mcp-protocol-version'])) return 'rev2026';
  return session.pinsEra && session.era === 'rev2026' ? 'rev2026' : 'rev2025';
}

/**
 * Whether an HTTP message without a body claim (a response) is a 2026 one: by its header, or because only 2026 is
 * served.
 */
export function postsModern(eras: ReadonlySet<Era>, headers: RequestHeaders): boolean {
  if (!eras.has('rev2026')) return false;
  return !eras.has('rev2025') || claimsModernEra(undefined, undefined, headers['mcp-protocol-version']);
}
