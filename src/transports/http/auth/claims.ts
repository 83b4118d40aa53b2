// A token's verdict in words and its claims as the caller: the 401's description, the resource it
// must be for (RFC 8707), its subject, client and scopes.
import type { AuthInfo } from '../../../core/auth.js';

/** Why a token was refused: the error description of the 401, safe to show (it never holds the token). */
export class InvalidToken extends Error {
  override name = 'InvalidToken';
}

/** `https://Example.com/mcp/` and `https://example.com/mcp` name one resource. */
export function canonicalResource(uri: string): string {
  const url = new URL(uri);
  url.hash = '';
  const text = url.toString();
  return url.pathname !== '/' && text.endsWith('/')
    ? text.slice(0, -1)
    : url.pathname === '/' && url.search === ''
      ? text.slice(0, -1)
      : text;
}

/** The caller of a verified token or introspection answer; a token for another resource is refused (RFC 8707). */
export function infoOf(claims: Record<string, unknown>, resource: string): AuthInfo {
  const audiences =
    typeof claims.aud === 'string'
      ? [claims.aud]
      : Array.isArray(claims.aud)
        ? claims.aud.filter((aud): aud is string => typeof aud === 'string')
        : [];
  if (!audiences.some((aud) => sameResource(aud, resource)))
    throw new InvalidToken('the token was not issued for this resource');
  const clientId =
    typeof claims.client_id === 'string' ? claims.client_id : typeof claims.azp === 'string' ? claims.azp : undefined;
  // A client acting for itself (client credentials) may have no `sub`: it is its own subject.
  const subject = typeof claims.sub === 'string' ? claims.sub : clientId;
  if (subject === undefined) throw new InvalidToken('the token names no subject');
  const scopes =
    typeof claims.scope === 'string'
      ? claims.scope.split(' ').filter(Boolean)
      : Array.isArray(claims.scp)
        ? claims.scp.filter((scope): scope is string => typeof scope === 'string')
        : [];
  return {
    subject,
    ...(clientId === undefined ? {} : { clientId }),
    scopes,
    ...(typeof claims.iss === 'string' ? { issuer: claims.iss } : {}),
    ...(typeof claims.exp === 'number' ? { expiresAt: claims.exp } : {}),
    claims: Object.freeze({ ...claims }),
  };
}

function sameResource(candidate: string, resource: string): boolean {
  try {
    return canonicalResource(candidate) === resource;
  } catch {
    return false;
  }
}

/** jose's errors, in words for the 401 (its codes, never the token). */
export function describeJoseError(error: unknown): string {
  const code = (error as { code?: string })?.code;
  if (code === 'ERR_JWT_EXPIRED') return 'the token has expired';
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED')
    return `the token's ${(error as { claim?: string }).claim ?? 'claims'} claim is not valid`;
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || code === 'ERR_JWKS_NO_MATCHING_KEY')
    return 'the token signature does not verify';
  if (code === 'ERR_JOSE_ALG_NOT_ALLOWED') return "the token's algorithm is not accepted";
  return 'the token is not valid';
}
