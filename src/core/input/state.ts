// requestState (MCP 2026-07-28 "Multi Round-Trip Requests"): what a call has gathered so far,
// sealed with AES-256-GCM so that the client can neither read nor change it, bound to the request
// it was made for, to the principal, and to an expiry.
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { checkTimeout } from '../limits.js';
import type { Ask } from './requests.js';
import { nodeCrypto } from '../node-crypto.js';
import { optionKeys, refuseUnknownOptions } from '../options.js';

export const DEFAULT_STATE_TTL_MS = 10 * 60 * 1000;
const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** How a server seals requestState, how many rounds a call may take, and how it asks a 2025 client. */
export interface InputSettings {
  /** The sealing key: derived from a given secret when the server is built; a random one is made on first use. */
  readonly key: () => Uint8Array;
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
}

interface Payload extends Gathered {
  readonly m: string;
  readonly n: string;
  readonly d: string;
  readonly p: string | null;
  readonly e: number;
}

/**
 * The key that seals states: from a secret (a cluster shares one), derived at once (a caller's
 * buffer may change after it is given); or random per process, made the first time a state is
 * sealed or opened (only then is node:crypto loaded).
 */
export function stateKey(secret: string | Uint8Array | undefined): () => Uint8Array {
  if (secret === undefined) {
    let random: Buffer | undefined;
    return () => (random ??= nodeCrypto().randomBytes(32));
  }
  if (typeof secret === 'string' ? secret.length < 16 : secret.byteLength < 16) {
    throw new TypeError('requestState.key must be at least 16 characters or bytes: it is a secret');
  }
  const derived = Buffer.from(nodeCrypto().hkdfSync('sha256', secret, Buffer.alloc(0), 'zod-mcp requestState v1', 32));
  return () => derived;
}

export function seal(key: Uint8Array, subject: Subject, gathered: Gathered, ttlMs: number): string {
  const payload: Payload = {
    m: subject.method,
    n: subject.name,
    d: digest(subject.args),
    p: subject.principal ?? null,
    e: Date.now() + ttlMs,
    ...gathered,
  };
  const iv = nodeCrypto().randomBytes(IV_BYTES);
  const cipher = nodeCrypto().createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(payload), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return VERSION + sealed.toString('base64url');
}

/** The state's contents, or -32602 `{ reason: "invalid_request_state" }` saying what is wrong with it. */
export function open(key: Uint8Array, subject: Subject, state: string): Gathered {
  const payload = decrypt(key, state);
  if (payload.m !== subject.method || payload.n !== subject.name || payload.d !== digest(subject.args)) {
    throw invalid('the requestState was made for another request');
  }
  if (payload.p !== (subject.principal ?? null)) throw invalid('the requestState was made for another principal');
  if (!(Date.now() <= payload.e)) throw invalid('the requestState has expired');
  return { round: payload.round, answers: payload.answers, memo: payload.memo };
}

function decrypt(key: Uint8Array, state: string): Payload {
  const body = state.startsWith(VERSION) ? state.slice(VERSION.length) : '';
  const bytes = Buffer.from(body, 'base64url');
  // Only the exact text this server wrote: Node's decoder skips stray characters and a trailing partial group.
  if (bytes.length < IV_BYTES + TAG_BYTES + 2 || bytes.toString('base64url') !== body) throw invalid('the requestState is not one this server made');
  try {
    const decipher = nodeCrypto().createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Payload;
  } catch {
    throw invalid('the requestState does not verify: it was changed, or sealed with another key');
  }
}

function invalid(detail: string): ProtocolError {
  return new ProtocolError(ErrorCode.InvalidParams, { reason: 'invalid_request_state', detail });
}

/** sha256 of the value as JSON with its object keys sorted: the same arguments digest the same. */
export function digest(value: unknown): string {
  return nodeCrypto().createHash('sha256').update(canonical(value)).digest('base64url');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
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
  if (!(Number.isInteger(maxRounds) && maxRounds >= 1 && maxRounds <= 64)) throw new TypeError('maxInputRounds must be an integer from 1 to 64');
  return { key: stateKey(option?.key ?? sharedKeyFromEnv()), ttlMs, maxRounds, fulfil };
}

/**
 * `ZOD_MCP_STATE_KEY`: the key every instance of one deployment shares, so that a retry sealed by
 * one is opened by another. `requestState.key` wins over it.
 */
export function sharedKeyFromEnv(): string | undefined {
  const key = process.env.ZOD_MCP_STATE_KEY;
  if (key === undefined || key === '') return undefined;
  if (key.length < 16) throw new TypeError('ZOD_MCP_STATE_KEY must be at least 16 characters: it is a secret');
  return key;
}
