// Checking an access token: a JWT against the authorization server's JWKS (through `jose`, loaded
// only when a token arrives), an opaque token by RFC 7662 introspection, or a verifier of your own.
import { encodeUtf8, toBase64, toBase64Url } from '../../../runtime/bytes.js';
import type { Timer } from '../../../runtime/host.js';
import type { AuthInfo } from '../../../core/auth.js';
import { loadJose } from './jose.js';
import { fetchKeySet, fetchMetadata, type KeySet } from './jwks.js';
import { createRemote, Unavailable, type Remote } from './remote.js';
import { InvalidToken, canonicalResource, describeJoseError, infoOf } from './claims.js';
import type { AuthOptions } from './options.js';

export type { AuthOptions } from './options.js';

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

type Jose = typeof import('jose');

/**
 * `warn` says where an outage of an issuer's metadata or keys starts and ends. A check throws
 * InvalidToken (401), Unavailable (503 with Retry-After, said once by `warn`), or anything else (503).
 */
export function createVerifier(
  options: AuthOptions,
  warn: (message: string) => void,
): (token: string) => Promise<AuthInfo> {
  const issuers = typeof options.issuer === 'string' ? [options.issuer] : [...options.issuer];
  const resource = canonicalResource(options.resource);
  const tolerance = options.clockToleranceSec ?? 30;
  const maxStaleMs = options.jwksMaxStaleMs ?? 24 * 60 * 60_000;
  let jose: Promise<Jose> | undefined;
  /** Per trusted issuer: its metadata (kept 10 minutes), and its keys with the URI they come from. */
  const metadata = new Map<string, Remote<Record<string, unknown>>>();
  const keySets = new Map<string, { uri: string; keys: Remote<KeySet> }>();
  const cache = new Map<string, { info?: AuthInfo; refused?: string; until: number }>();
  /** At most 10,000 answers, the oldest going first. */
  const remember = (key: string, entry: { info?: AuthInfo; refused?: string; until: number }) => {
    cache.delete(key);
    if (cache.size >= 10_000) cache.delete(cache.keys().next().value!);
    cache.set(key, entry);
  };
  /** Checks of the same token at the same time share one. */
  const inFlight = new Map<string, Promise<AuthInfo>>();

  const metadataOf = (issuer: string) => {
    let remote = metadata.get(issuer);
    if (remote === undefined) {
      remote = createRemote({
        name: `the metadata of ${issuer}`,
        fetch: () => fetchMetadata(issuer),
        freshMs: 10 * 60_000,
        maxStaleMs,
        warn,
      });
      metadata.set(issuer, remote);
    }
    return remote.get();
  };
  const keysOf = async (lib: Jose, issuer: string) => {
    const uri = options.jwksUri ?? (await metadataOf(issuer)).jwks_uri;
    if (typeof uri !== 'string') throw new Error(`the metadata of ${issuer} names no jwks_uri`);
    let known = keySets.get(issuer);
    if (known?.uri !== uri) {
      known = {
        uri,
        keys: createRemote({
          name: `the JWKS at ${uri}`,
          fetch: () => fetchKeySet(lib, uri),
          freshMs: options.jwksCacheMs ?? 10 * 60_000,
          maxStaleMs,
          warn,
        }),
      };
      keySets.set(issuer, known);
    }
    return known.keys;
  };

  const verifyJwt = async (token: string): Promise<AuthInfo> => {
    const lib = await (jose ??= loadJose(options));
    let issuer: string | undefined;
    try {
      issuer = lib.decodeJwt(token).iss;
    } catch {
      throw new InvalidToken('the token is not a well-formed JWT');
    }
    if (issuer === undefined || !issuers.includes(issuer))
      throw new InvalidToken('the token was issued by an authorization server this resource does not trust');
    const keys = await keysOf(lib, issuer); // failing here is the authorization server's, not the token's: 503
    const verifyWith = (set: KeySet) =>
      lib.jwtVerify(token, set, {
        issuer,
        algorithms: [...(options.algorithms ?? ALGORITHMS)],
        clockTolerance: tolerance,
        requiredClaims: ['exp'],
      });
    let payload: Record<string, unknown>;
    try {
      const verified = await verifyWith(await keys.get()).catch(async (error: unknown) => {
        if ((error as { code?: unknown })?.code !== 'ERR_JWKS_NO_MATCHING_KEY') throw error;
        // A key id the cached keys lack (a rotation): fetched again, unless just fetched (the token's fault) or backing
        // off (ours: 503).
        const fresh = await keys.refresh(options.jwksCooldownMs ?? 30_000);
        if (fresh === undefined) throw error;
        return verifyWith(fresh);
      });
      payload = verified.payload as Record<string, unknown>;
    } catch (error) {
      // The keys could not be had (Unavailable), or something that is no verdict on the token: not the token's fault.
      if (error instanceof Unavailable || typeof (error as { code?: unknown })?.code !== 'string') throw error;
      throw new InvalidToken(describeJoseError(error));
    }
    return infoOf(payload, resource);
  };

  /** `key`: the token's SHA-256, which the cache and the sharing of checks both go by. */
  const introspect = async (token: string, key: string): Promise<AuthInfo> => {
    const hit = cache.get(key);
    if (hit !== undefined && hit.until > Date.now()) {
      if (hit.refused !== undefined) throw new InvalidToken(hit.refused);
      return hit.info!;
    }
    const { clientId, clientSecret } = options.introspection!;
    const endpoint = options.introspection!.endpoint ?? (await metadataOf(issuers[0]!)).introspection_endpoint;
    if (typeof endpoint !== 'string') throw new Error(`the metadata of ${issuers[0]} names no introspection_endpoint`);
    const basic = toBase64(encodeUtf8(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`));
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${basic}`,
        accept: 'application/json',
      },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
      signal: AbortSignal.timeout(4000),
    });
    if (!res.ok) throw new Error(`introspection at ${endpoint} answered ${res.status}`);
    const answer = (await res.json()) as Record<string, unknown>;
    const refused = (why: string) => {
      remember(key, { refused: why, until: Date.now() + 30_000 }); // asked again at most every 30 s
      return new InvalidToken(why);
    };
    if (answer.active !== true) throw refused('the token is not active');
    if (typeof answer.token_type === 'string' && !/^(access_token|bearer)$/i.test(answer.token_type))
      throw refused('the token is not an access token');
    if (typeof answer.iss === 'string' && !issuers.includes(answer.iss))
      throw refused('the token was issued by an authorization server this resource does not trust');
    if (typeof answer.exp !== 'number' || answer.exp + tolerance < Date.now() / 1000)
      throw refused('the token has expired');
    if (typeof answer.nbf === 'number' && answer.nbf - tolerance > Date.now() / 1000)
      throw refused('the token is not valid yet');
    let info: AuthInfo;
    try {
      info = infoOf(answer, resource);
    } catch (error) {
      throw error instanceof InvalidToken ? refused(error.message) : error;
    }
    // Kept until it expires, at most 5 minutes (a revocation is seen within that).
    remember(key, { info, until: Math.min(answer.exp * 1000, Date.now() + 5 * 60_000) });
    return info;
  };

  const check = async (token: string, key: string): Promise<AuthInfo> => {
    if (options.verify !== undefined) {
      const info = await options.verify(token);
      if (info === undefined) throw new InvalidToken('the token was refused');
      if (
        typeof info?.subject !== 'string' ||
        !Array.isArray(info.scopes) ||
        !info.scopes.every((scope) => typeof scope === 'string')
      ) {
        throw new TypeError('auth.verify returned something that is not an AuthInfo ({ subject, scopes, claims })');
      }
      return info.claims === undefined ? { ...info, claims: {} } : info;
    }
    const jwtShaped = /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
    if (options.introspection !== undefined && !jwtShaped) return introspect(token, key);
    if (!jwtShaped) throw new InvalidToken('the token is not a JWT, and this resource introspects none');
    return verifyJwt(token);
  };

  return async (token) => {
    const key = toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encodeUtf8(token))));
    let pending = inFlight.get(key);
    if (pending === undefined) {
      // One deadline for the whole check: an authorization server that hangs costs each request 5 s at most.
      let timer: Timer | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the authorization server did not answer within 5 s')), 5000);
      });
      pending = Promise.race([check(token, key), deadline]).finally(() => {
        clearTimeout(timer);
        inFlight.delete(key);
      });
      inFlight.set(key, pending);
    }
    return pending;
  };
}

/** Fails at start-up, not at the first token, when the JWT checks' library is not installed. */
export async function loadTokenChecks(options: AuthOptions): Promise<void> {
  if (options.verify === undefined) await loadJose(options);
}
