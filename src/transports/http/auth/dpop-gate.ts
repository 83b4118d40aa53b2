// DPoP at the door: the options checked once, and for a request that presents a DPoP-bound token, its
// proof checked (dpop.ts), its nonce when the server asks for one, and its `jti` burned once every
// other check has passed.
import type { AuthInfo } from '../../../core/auth.js';
import { requestPath, type HttpRequest } from '../messages.js';
import { checkProof, DPOP_ALGORITHMS, InvalidProof } from './dpop.js';
import { dpopNonces, memoryDpopReplay } from './dpop-state.js';
import type { AuthOptions } from './options.js';

const NONCE_TTL_MS = 5 * 60_000;

export type DpopMode = 'off' | 'allowed' | 'required';

/** A proof's verdict: its `jti` to burn when the rest passes; or the 401's error, and a nonce to send. */
export type DpopVerdict =
  | { readonly ok: true; readonly burn: () => Promise<boolean> }
  | { readonly ok: false; readonly error: 'invalid_dpop_proof' | 'use_dpop_nonce'; readonly description: string };

export interface DpopGate {
  readonly mode: DpopMode;
  readonly algorithms: readonly string[];
  /** A fresh nonce for a `DPoP-Nonce` header, when the server asks for nonces. */
  nonce(): Promise<string | undefined>;
  check(req: HttpRequest, token: string, jkt: string): Promise<DpopVerdict>;
}

type Jose = typeof import('jose');

/** The thumbprint a token is bound to (`cnf.jkt`, RFC 9449 §6), from its claims or its introspection answer. */
export function boundKey(auth: AuthInfo): string | undefined {
  const cnf = auth.claims?.cnf as { jkt?: unknown } | undefined;
  return typeof cnf?.jkt === 'string' ? cnf.jkt : undefined;
}

/** DPoP's options, checked when the handler is made; what the gate runs with. */
export function checkDpopOptions(options: AuthOptions, resource: string) {
  const mode = options.dpop ?? 'allowed';
  if (!['off', 'allowed', 'required'].includes(mode))
    throw new TypeError(`auth.dpop must be 'off', 'allowed' or 'required', not ${JSON.stringify(mode)}`);
  const algorithms = [...(options.dpopAlgorithms ?? DPOP_ALGORITHMS)];
  const unsafe = algorithms.filter((alg) => !DPOP_ALGORITHMS.includes(alg));
  if (algorithms.length === 0 || unsafe.length > 0)
    throw new TypeError(
      `auth.dpopAlgorithms: asymmetric ones only, of ${DPOP_ALGORITHMS.join(' ')}: ${unsafe.join(' ')}`,
    );
  const windowSec = options.dpopWindowSec ?? 300;
  if (!(Number.isFinite(windowSec) && windowSec > 0 && windowSec <= 3600))
    throw new TypeError('auth.dpopWindowSec must be a number of seconds from 1 to 3600');
  const replay = options.dpopReplay;
  if (replay !== undefined && typeof replay?.use !== 'function')
    throw new TypeError('auth.dpopReplay must be a store with use(key, expiresAt)');
  return { mode, algorithms, windowSec, base: publicBase(options.publicUrl ?? new URL(resource).origin) };
}

export function createDpopGate(options: AuthOptions, resource: string, jose: () => Promise<Jose>): DpopGate {
  const { mode, algorithms, windowSec, base } = checkDpopOptions(options, resource);
  const replay = options.dpopReplay ?? memoryDpopReplay();
  const nonces = options.dpopNonce === true ? dpopNonces(NONCE_TTL_MS) : undefined;
  return {
    mode,
    algorithms,
    nonce: async () => nonces?.make(),
    async check(req, token, jkt) {
      // Two DPoP headers may reach us as one, their values joined by a comma (RFC 9110 §5.3): no JWT has one.
      const proofs = (req.headersDistinct.dpop ?? []).flatMap((value) => value.split(',')).map((value) => value.trim());
      if (proofs.length !== 1) {
        const description = proofs.length === 0 ? 'a DPoP token needs a DPoP proof' : 'more than one DPoP header';
        return { ok: false, error: 'invalid_dpop_proof', description };
      }
      const url = `${base}${requestPath(req)}`;
      const method = req.method ?? 'GET';
      let checked: Awaited<ReturnType<typeof checkProof>>;
      try {
        checked = await checkProof(await jose(), { proof: proofs[0]!, method, url, token, jkt, algorithms, windowSec });
      } catch (error) {
        if (!(error instanceof InvalidProof)) throw error;
        return { ok: false, error: 'invalid_dpop_proof', description: error.message };
      }
      if (nonces !== undefined && (checked.nonce === undefined || !(await nonces.check(checked.nonce)))) {
        const description =
          checked.nonce === undefined ? 'this server asks for a DPoP nonce' : 'the DPoP nonce is not valid now';
        return { ok: false, error: 'use_dpop_nonce', description };
      }
      // kept while a proof of its iat could still pass, either way of the window
      const expiresAt = (checked.iat + windowSec) * 1000 + windowSec * 1000;
      return { ok: true, burn: () => replay.use(`${jkt}:${checked.jti}`, expiresAt) };
    },
  };
}

/** `publicUrl` without a trailing slash: the request's path follows it. */
function publicBase(publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new TypeError(`auth.publicUrl must be an http(s) URL: ${publicUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`auth.publicUrl must be http(s): ${publicUrl}`);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}
