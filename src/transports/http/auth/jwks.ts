// Fetching what a JWT is checked with: the issuer's metadata (which names its `jwks_uri`) and the
// key set itself, fetched here rather than by jose's remote set so that a failure can be told
// from a bad token, remembered, and outlived (remote.ts). jose itself comes from the caller.
type Jose = typeof import('jose');
export type KeySet = ReturnType<Jose['createLocalJWKSet']>;

/** Each fetch's time in all; under the 5 s a check of a token has. */
const FETCH_TIMEOUT_MS = 4000;

/** The JWKS at `uri` as jose's local key set; fails (in words for the log) on anything but a 200 with a key set. */
export async function fetchKeySet(lib: Jose, uri: string): Promise<KeySet> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const timedOut = (error: unknown) =>
    signal.aborted ? new Error(`it did not answer within ${FETCH_TIMEOUT_MS / 1000} s`) : error;
  // No redirects, as jose's remote set: the keys come from the URI named, or not at all.
  const res = await fetch(uri, {
    headers: { accept: 'application/json, application/jwk-set+json' },
    redirect: 'manual',
    signal,
  }).catch((error: unknown) => {
    throw timedOut(error);
  });
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(`it answered ${res.status}`);
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch (error) {
    throw signal.aborted ? timedOut(error) : new Error('its answer is not JSON');
  }
  try {
    return lib.createLocalJWKSet(json as Parameters<Jose['createLocalJWKSet']>[0]);
  } catch {
    throw new Error('its answer is not a JSON Web Key Set');
  }
}

/** An issuer's metadata: RFC 8414 first, then OpenID Connect discovery, each checked to name the same issuer. */
export async function fetchMetadata(issuer: string): Promise<Record<string, unknown>> {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const candidates = [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    ...(path === '' ? [] : [`${url.origin}${path}/.well-known/openid-configuration`]),
  ];
  // for all the candidates: a silent server fails the discovery in time
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  for (const candidate of candidates) {
    const res = await fetch(candidate, { headers: { accept: 'application/json' }, signal }).catch(() => undefined);
    if (res === undefined || !res.ok) continue;
    const metadata = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (metadata?.issuer === issuer) return metadata;
  }
  throw new Error(`no authorization server metadata for ${issuer} (tried ${candidates.join(', ')})`);
}
