// What DPoP keeps beside the proofs: the `jti`s already used (a replay is refused), and the nonces the
// server hands out (RFC 9449 §8), stateless: a timestamp sealed with AES-256-GCM under the key that
// seals requestState (ZOD_MCP_STATE_KEY, shared by a deployment's instances; else one per process).
import { sharedKeyFromEnv, stateKey } from '../../../core/input/state.js';
import type { DpopReplayStore } from '../../../core/auth.js';
import { decodeUtf8, encodeUtf8, fromBase64Url, toBase64Url } from '../../../runtime/bytes.js';

/**
 * In memory, for one process: at most `max` proofs (default 100,000), the oldest forgotten first when
 * full. They are also the first to leave the window, so a proof forgotten early is one about to expire.
 */
export function memoryDpopReplay(options: { max?: number } = {}): DpopReplayStore {
  const max = options.max ?? 100_000;
  const used = new Map<string, number>();
  return {
    async use(key, expiresAt) {
      const now = Date.now();
      const seen = used.get(key);
      if (seen !== undefined && seen > now) return false;
      // Expired ones first (they were added first), then the oldest while full.
      for (const [old, until] of used) {
        if (until > now && used.size < max) break;
        used.delete(old);
      }
      used.set(key, expiresAt);
      return true;
    },
  };
}

type SubtleKey = Parameters<typeof crypto.subtle.encrypt>[1];
const IV_BYTES = 12;
/** A nonce is sealed with this as additional data: a requestState is never taken for a nonce, nor one for it. */
const PURPOSE = encodeUtf8('zod-mcp dpop-nonce v1');

/** Hands out nonces and checks them: a nonce is good for `ttlMs` after it was made. */
export function dpopNonces(ttlMs: number, secret = sharedKeyFromEnv()) {
  const key = stateKey(secret);
  return {
    async make(): Promise<string> {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const plain = encodeUtf8(String(Date.now()));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: PURPOSE },
        (await key()) as SubtleKey,
        plain,
      );
      const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
      bytes.set(iv);
      bytes.set(new Uint8Array(sealed), IV_BYTES);
      return toBase64Url(bytes);
    },
    /** Whether `nonce` is one of ours, made less than `ttlMs` ago (and not in the future). */
    async check(nonce: string): Promise<boolean> {
      const bytes = fromBase64Url(nonce);
      if (bytes === undefined || bytes.length <= IV_BYTES + 16) return false;
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: PURPOSE },
          (await key()) as SubtleKey,
          bytes.subarray(IV_BYTES),
        );
        const made = Number(decodeUtf8(new Uint8Array(plain)));
        const age = Date.now() - made;
        return Number.isFinite(made) && age >= -1_000 && age <= ttlMs;
      } catch {
        return false;
      }
    },
  };
}
