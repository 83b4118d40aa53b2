// requestState (MCP 2026-07-28 "Multi Round-Trip Requests"): what a call has gathered so far,
// sealed with AES-256-GCM (Web Crypto) so that the client can neither read nor change it, bound to the request
// it was made for, to the principal, and to an expiry.
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { checkTimeout } from '../limits.js';
import type { Ask } from './requests.js';
import { decodeUtf8, encodeUtf8, fromBase64Url, toBase64Url } from '../../runtime/bytes.js';
import { readEnv } from '../../runtime/host.js';
import { optionKeys, refuseUnknownOptions } from '../options.js';

export const DEFAULT_STATE_TTL_MS = 10 * 60 * 1000;
const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** How a server seals requestState, how many rounds a call may take, and how it asks a 2025 client. */
export interface InputSettings {
  /** The sealing key: derived from a given secret when the server is built; a random one is made on first use. */
  readonly key: StateKey;
  readonly ttlMs: number;
  readonly maxRounds: number;
  /** 2025: sends a round's questions to the client as requests; called with the request's context. */
  readonly fulfil: (ctx: never, asks: ReadonlyMap<string, Ask>) => Promise<Record<string, unknown>>;
}

/** The request a state belongs to: a retry must be the same request. */
export interface Subject {
  readonly method: string;
  /** The tool or prompt name, or the resource URI. */
  readonly name: string;
  /** The request's salient params (a tool's or prompt's arguments), digested. */
  readonly args: unknown;
  readonly principal: string | undefined;
}

/** What travels between rounds. */
export interface Gathered {
  /** Rounds answered so far with input_required. */
  readonly round: number;
  /** Answers the handler has accepted, raw, by key. */
  readonly answers: Record<string, unknown>;
  /** The handler's own values (`ctx.memo`). */
  readonly memo: Record<string, unknown>;
  /** The span of the round that sealed it (W3C traceparent), when traced: the retry's span links to it. */
  readonly link?: string;
}

interface Payload extends Gathered {
  readonly m: string;
  readonly n: string;
  readonly d: string;
  readonly p: string | null;
  readonly e: number;
}

/**
 * A Web Crypto key as the core's declarations name it: the DOM's CryptoKey, which a project without
 * the DOM's or Node's types does not have.
 */
export interface SealingKey {
  readonly type: string;
  readonly algorithm: object;
}

/** The AES-GCM key that seals states, made once and shared by every round of every call. */
export type StateKey = () => Promise<SealingKey>;

type SubtleKey = Parameters<typeof crypto.subtle.encrypt>[1];

/**
 * The key that seals states: from a secret (a cluster shares one: every instance derives the same
 * key, HKDF-SHA-256), whose bytes are copied at once (a caller's buffer may change after it is
 * given); or random per process. Either is made the first time a state is sealed or opened.
 */
export function stateKey(secret: string | Uint8Array | undefined): StateKey {
  let made: Promise<SealingKey> | undefined;
  if (secret === undefined) {
    return () =>
      (made ??= crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ]) as Promise<SubtleKey>);
  }
  if (typeof secret !== 'string' && !(secret instanceof Uint8Array))
    throw new TypeError('requestState.key must be a string or bytes (a Uint8Array)');
  if (typeof secret === 'string' ? secret.length < 16 : secret.byteLength < 16) {
    throw new TypeError('requestState.key must be at least 16 characters or bytes: it is a secret');
  }
  // a copy (a Buffer's slice() would be a view)
  const bytes = typeof secret === 'string' ? encodeUtf8(secret) : new Uint8Array(secret);
  return () => (made ??= deriveKey(bytes));
}

async function deriveKey(secret: Uint8Array): Promise<SubtleKey> {
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  const params = {
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(0),
    info: encodeUtf8('zod-mcp requestState v1'),
  };
  return crypto.subtle.deriveKey(params, base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

export async function seal(key: SealingKey, subject: Subject, gathered: Gathered, ttlMs: number): Promise<string> {
  const payload: Payload = {
    m: subject.method,
    n: subject.name,
    d: await digest(subject.args),
    p: subject.principal ?? null,
    e: Date.now() + ttlMs,
    ...gathered,
  };
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key as SubtleKey, encodeUtf8(JSON.stringify(payload))),
  );
  const bytes = new Uint8Array(IV_BYTES + sealed.length);
  bytes.set(iv);
  bytes.set(sealed, IV_BYTES); // the ciphertext, then its 16-byte tag
  return VERSION + toBase64Url(bytes);
}

/** The state's contents, or -32602 `{ reason: "invalid_request_state" }` saying what is wrong with it. */
export async function open(key: SealingKey, subject: Subject, state: string): Promise<Gathered> {
  const payload = await decrypt(key, state);
  if (payload.m !== subject.method || payload.n !== subject.name || payload.d !== (await digest(subject.args))) {
    throw invalid('the requestState was made for another request');
  }
  if (payload.p !== (subject.principal ?? null)) throw invalid('the requestState was made for another principal');
  if (!(Date.now() <= payload.e)) throw invalid('the requestState has expired');
  const gathered = { round: payload.round, answers: payload.answers, memo: payload.memo };
  return typeof payload.link === 'string' ? { ...gathered, link: payload.link } : gathered;
}

async function decrypt(key: SealingKey, state: string): Promise<Payload> {
  const body = state.startsWith(VERSION) ? state.slice(VERSION.length) : '';
  const bytes = fromBase64Url(body);
  // Only the exact text this server wrote: no stray characters, no trailing partial group.
  if (bytes === undefined || bytes.length < IV_BYTES + TAG_BYTES + 2 || toBase64Url(bytes) !== body)
    throw invalid('the requestState is not one this server made');
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
      key as SubtleKey,
      bytes.subarray(IV_BYTES),
    );
    return JSON.parse(decodeUtf8(new Uint8Array(plain), true)) as Payload;
  } catch {
    throw invalid('the requestState does not verify: it was changed, or sealed with another key');
  }
}

function invalid(detail: string): ProtocolError {
  return new ProtocolError(ErrorCode.InvalidParams, { reason: 'invalid_request_state', detail });
}

/** sha256 of the value as JSON with its object keys sorted: the same arguments digest the same. */
export async function digest(value: unknown): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encodeUtf8(canonical(value)))));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** McpServer's `requestState` and `maxInputRounds` options, checked, with how a 2025 client is asked. */
export function inputSettings(
  option: { key?: string | Uint8Array; ttlMs?: number } | undefined,
  maxInputRounds: number | undefined,
  fulfil: InputSettings['fulfil'],
): InputSettings {
  refuseUnknownOptions('requestState', option, optionKeys<NonNullable<typeof option>>({ key: true, ttlMs: true }));
  const ttlMs = option?.ttlMs ?? DEFAULT_STATE_TTL_MS;
  checkTimeout(ttlMs, 'requestState.ttlMs');
  const maxRounds = maxInputRounds ?? 8;
  if (!(Number.isInteger(maxRounds) && maxRounds >= 1 && maxRounds <= 64))
    throw new TypeError('maxInputRounds must be an integer from 1 to 64');
  return { key: stateKey(option?.key ?? sharedKeyFromEnv()), ttlMs, maxRounds, fulfil };
}

/**
 * `ZOD_MCP_STATE_KEY`: the key every instance of one deployment shares, so that a retry sealed by
 * one is opened by another. `requestState.key` wins over it.
 */
export function sharedKeyFromEnv(): string | undefined {
  const key = readEnv('ZOD_MCP_STATE_KEY');
  if (key === undefined || key === '') return undefined;
  if (key.length < 16) throw new TypeError('ZOD_MCP_STATE_KEY must be at least 16 characters: it is a secret');
  return key;
}
