// What an HTTP transport's `auth` takes: the authorization servers it trusts, the resource it is,
// how tokens are checked, and DPoP (RFC 9449).
import type { AuthInfo } from '../../../core/auth.js';
import type { DpopReplayStore } from '../../../core/auth.js';

export interface AuthOptions {
  /** The authorization server(s) that issue tokens for this server (their issuer identifiers). */
  issuer: string | readonly string[];
  /**
   * This server's canonical URI (RFC 8707 resource indicator), e.g. `https://mcp.example.com/mcp`: a token must be for
   * it.
   */
  resource: string;
  /** Scopes every request's token must carry; also the challenge's `scope` on a 401. */
  scopes?: readonly string[];
  /** `scopes_supported` of the protected resource metadata; default: `scopes` and every tool's. */
  scopesSupported?: readonly string[];
  /** Where the signing keys are; default: the `jwks_uri` of the issuer's metadata (RFC 8414, then OpenID discovery). */
  jwksUri?: string;
  /** Accepted JWS algorithms; default the asymmetric ones (RS*, PS*, ES*, EdDSA), never `none` or HS*. */
  algorithms?: readonly string[];
  /** Leeway for `exp` and `nbf`, in seconds; default 30. */
  clockToleranceSec?: number;
  /**
   * How long fetched keys are trusted (default 10 minutes), and the least time between two fetches (default 30 s; a
   * token with an unknown `kid`, after a rotation, fetches again).
   */
  jwksCacheMs?: number;
  jwksCooldownMs?: number;
  /**
   * Through an outage of the JWKS or the metadata (failures are tried again after 1 s, then twice as
   * long each time, at most every 60 s), the keys fetched last still check tokens until they are this
   * old (default 24 hours); past that, or with none fetched yet, a token is answered 503 with Retry-After.
   */
  jwksMaxStaleMs?: number;
  /** Opaque tokens: checked at the issuer's introspection endpoint, as this resource server's own client. */
  introspection?: { clientId: string; clientSecret: string; endpoint?: string };
  /**
   * Another scheme: returns the caller, or undefined for a token it refuses. Replaces every check above but the
   * resource's scopes.
   */
  verify?: (token: string) => Promise<AuthInfo | undefined>;
  /**
   * DPoP (RFC 9449): `allowed` (the default) takes a DPoP-bound token with its proof, and a bearer
   * token; `required` refuses a token that is not bound to a key; `off` takes bearer tokens only. A
   * token bound to a key (`cnf.jkt`) never passes as a bearer token.
   */
  dpop?: 'off' | 'allowed' | 'required';
  /** Every proof must carry a nonce this server made (RFC 9449 §8); one is good for 5 minutes. */
  dpopNonce?: boolean;
  /** Where used proofs are remembered (a replay is refused); default: this process's memory. */
  dpopReplay?: DpopReplayStore;
  /** The algorithms a proof may be signed with; default the asymmetric ones (ES*, EdDSA, RS*, PS*). */
  dpopAlgorithms?: readonly string[];
  /** How far a proof's `iat` may be from now, either way, in seconds; default 300. */
  dpopWindowSec?: number;
  /**
   * Where this server's paths are as clients address them, behind a proxy: a scheme and host, and any
   * path prefix the proxy adds (`https://mcp.example.com`). A proof's `htu` must be it followed by the
   * request's path. Default: the origin of `resource`.
   */
  publicUrl?: string;
  /**
   * The `jose` module itself (`import * as jose from 'jose'`), for a runtime that resolves no package
   * when the server runs (a Cloudflare Worker: bundled, it has only what its bundle imports). Elsewhere
   * the optional peer is loaded when a token first arrives.
   */
  jose?: unknown;
}
