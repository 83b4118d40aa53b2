// Who a request's bearer token says is calling, and the scopes a tool, prompt or resource needs.
// The HTTP transport verifies the token; everything here only reads what it found.
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';

/** A verified access token, as handlers see it (`ctx.auth`). The token itself is never kept. */
export interface AuthInfo {
  /** The token's subject (`sub`): the user, or the client acting for itself. */
  readonly subject: string;
  /** The OAuth client the token was issued to (`client_id`, or `azp`). */
  readonly clientId?: string;
  readonly scopes: readonly string[];
  /** The authorization server that issued it (`iss`). */
  readonly issuer?: string;
  /** Seconds since the epoch (`exp`). */
  readonly expiresAt?: number;
  /** Every claim of the token (or of the introspection answer), as verified. */
  readonly claims: Readonly<Record<string, unknown>>;
}

/** RFC 6749 `scope-token`: printable ASCII but space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** Checks a definition's `scopes`; returns them frozen (undefined for none). */
export function checkScopes(scopes: readonly string[] | undefined, owner: string): readonly string[] | undefined {
  if (scopes === undefined) return undefined;
  if (!Array.isArray(scopes)) throw new TypeError(`${owner}: scopes must be an array of scope names`);
  for (const scope of scopes) {
    if (typeof scope !== 'string' || !SCOPE_TOKEN.test(scope))
      throw new TypeError(`${owner}: scopes: not an OAuth scope name: ${JSON.stringify(scope)}`);
  }
  return scopes.length === 0 ? undefined : Object.freeze([...new Set(scopes)]);
}

/**
 * Whether the request may use something that needs `required`: always, when it was not authenticated (stdio, or no
 * authorization configured).
 */
export function permits(auth: AuthInfo | undefined, required: readonly string[] | undefined): boolean {
  if (auth === undefined || required === undefined) return true;
  return required.every((scope) => auth.scopes.includes(scope));
}

/**
 * The token lacks a scope: -32003 with `data.requiredScopes`; over HTTP, 403 with the
 * `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"` challenge, so the client can
 * step up and retry.
 */
export function requireScopes(auth: AuthInfo | undefined, required: readonly string[] | undefined, what: string): void {
  if (permits(auth, required)) return;
  throw new ProtocolError(ErrorCode.InsufficientScope, {
    requiredScopes: [...required!],
    detail: `${what} needs the scope${required!.length > 1 ? 's' : ''} ${required!.join(' ')}`,
  });
}

/**
 * The principal a verified token binds sessions, requestState and tasks to: its issuer, whether it
 * names a user or a client acting for itself (no `sub`), and its subject, as a JSON array. No
 * issuer or subject can forge another's: a user whose `sub` is `client:svc`, or an issuer with a
 * `#` in it, names a principal of its own.
 */
export function principalOf(auth: AuthInfo): string {
  const self = auth.claims.sub === undefined && auth.clientId === auth.subject;
  return JSON.stringify([auth.issuer ?? '', self ? 'client' : 'user', auth.subject]);
}

/**
 * Where used proofs are remembered. `use` answers true the first time a key is given (and keeps it
 * until `expiresAt`, epoch ms), false for one already used. `zod-mcp/redis` has one for many instances.
 */
export interface DpopReplayStore {
  use(key: string, expiresAt: number): Promise<boolean>;
}
