// A DPoP proof (RFC 9449) checked as §4.3 says, on every request a DPoP-bound token comes with: a
// JWS of type dpop+jwt signed by the public key in its header with an asymmetric algorithm, for this
// request's method and URL, made within the window, for this token (`ath`), by the key the token is
// bound to (`cnf.jkt`), and used once. Web Crypto only, through `jose`: the same on every runtime.
import { encodeUtf8, toBase64Url } from '../../../runtime/bytes.js';

/** The asymmetric algorithms a proof may be signed with: never `none`, never HMAC. */
export const DPOP_ALGORITHMS = [
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
];

/** A JWK member only a private (or symmetric) key has. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** Why a proof was refused: the 401's `invalid_dpop_proof` description (never the token or the proof). */
export class InvalidProof extends Error {
  override name = 'InvalidProof';
}

export interface ProofInput {
  readonly proof: string;
  /** The request's method and its URL as the client addressed it (no query, no fragment). */
  readonly method: string;
  readonly url: string;
  /** The access token the proof must be for. */
  readonly token: string;
  /** The thumbprint the token is bound to (`cnf.jkt`). */
  readonly jkt: string;
  readonly algorithms: readonly string[];
  /** How far `iat` may be from now, either way, in seconds. */
  readonly windowSec: number;
}

export interface CheckedProof {
  readonly jti: string;
  readonly iat: number;
  /** The proof's `nonce` claim, when it has one: checked by the caller, which knows whether one is needed. */
  readonly nonce: string | undefined;
}

type Jose = typeof import('jose');

/** The proof's claims once every check of §4.3 but the nonce and the replay has passed; else InvalidProof. */
export async function checkProof(jose: Jose, input: ProofInput): Promise<CheckedProof> {
  const { proof } = input;
  let header: Record<string, unknown>;
  try {
    if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(proof)) throw new Error('not compact'); // an alg none has no signature
    header = jose.decodeProtectedHeader(proof) as Record<string, unknown>;
  } catch {
    throw new InvalidProof('the DPoP proof is not a JWT');
  }
  if (header.typ !== 'dpop+jwt') throw new InvalidProof('the DPoP proof is not of type dpop+jwt');
  if (typeof header.alg !== 'string' || !input.algorithms.includes(header.alg))
    throw new InvalidProof(`the DPoP proof's alg is not one of ${input.algorithms.join(' ')}`);
  const jwk = header.jwk;
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk))
    throw new InvalidProof('the DPoP proof has no jwk');
  if (PRIVATE_MEMBERS.some((member) => Object.hasOwn(jwk, member)))
    throw new InvalidProof("the DPoP proof's jwk is not a public key");
  let claims: Record<string, unknown>;
  try {
    const verified = await jose.jwtVerify(proof, jose.EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: [...input.algorithms],
    });
    claims = verified.payload as Record<string, unknown>;
  } catch {
    throw new InvalidProof("the DPoP proof's signature does not verify with its jwk");
  }
  const { jti, htm, htu, iat, ath, nonce } = claims;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 256)
    throw new InvalidProof('the DPoP proof has no jti of 1 to 256 characters');
  if (typeof htm !== 'string') throw new InvalidProof('the DPoP proof has no htm');
  if (typeof htu !== 'string') throw new InvalidProof('the DPoP proof has no htu');
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw new InvalidProof('the DPoP proof has no iat');
  if (htm !== input.method) throw new InvalidProof(`the DPoP proof is for another method (${input.method} was sent)`);
  if (normalUrl(htu) !== normalUrl(input.url)) throw new InvalidProof(`the DPoP proof is not for ${input.url}`);
  const now = Date.now() / 1000;
  if (Math.abs(now - iat) > input.windowSec)
    throw new InvalidProof(`the DPoP proof's iat is more than ${input.windowSec} s from now`);
  if (typeof ath !== 'string') throw new InvalidProof('the DPoP proof has no ath (the hash of the access token)');
  if (ath !== (await sha256(input.token))) throw new InvalidProof('the DPoP proof is for another access token (ath)');
  const thumbprint = await jose.calculateJwkThumbprint(jwk as Parameters<Jose['calculateJwkThumbprint']>[0], 'sha256');
  if (thumbprint !== input.jkt) throw new InvalidProof("the DPoP proof's key is not the one the token is bound to");
  return { jti, iat, nonce: typeof nonce === 'string' ? nonce : undefined };
}

/** base64url(SHA-256(text)): a proof's `ath` for a token. */
export async function sha256(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encodeUtf8(text))));
}

/**
 * A URL compared as RFC 9449 §4.3 says: without query and fragment, its scheme and host in lower
 * case, a default port left out (RFC 3986 §6.2.2–6.2.3). Not a URL: itself, which matches nothing.
 */
export function normalUrl(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return `not a URL: ${text}`;
  }
}
