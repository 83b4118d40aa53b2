// The Redis connection the shared stores use: the official client (`@redis/client`, the core of
// node-redis), loaded only when a Redis store is made, or a client the embedding already has.
import { createHash } from 'node:crypto';
import { importOptionalPeer, PEERS } from '../core/optional-peer.js';
import { StoreUnavailableError } from '../core/tasks/store.js';
import { optionKeys, refuseUnknownOptions } from '../core/options.js';
import { outageWatch } from './outage.js';

/** What the stores need of a node-redis client (`createClient()` of `redis` or `@redis/client`, v5 or later). */
export interface RedisClientLike {
  readonly isOpen: boolean;
  connect(): Promise<unknown>;
  sendCommand<T = unknown>(args: readonly string[], options?: { abortSignal?: AbortSignal }): Promise<T>;
  duplicate(): RedisClientLike;
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<void>;
  close(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface RedisConnectOptions {
  /** `redis://127.0.0.1:6379`, `rediss://…` for TLS, `redis://user:pass@host:port/db`. */
  url?: string;
  /** A client of your own (connected or not); it is left open on close. */
  client?: RedisClientLike;
  /** Every key and channel starts with it; default `zod-mcp:`. */
  prefix?: string;
  /** Where connection errors go (the client reconnects by itself), one per outage; default: a line on stderr. */
  onError?: (error: unknown) => void;
  /**
   * How long a command may take, in milliseconds (default 3000): then the request that needed it
   * fails (StoreUnavailableError), and the store counts as down until Redis answers again (a PING
   * every second asks), every command meanwhile failing at once.
   */
  commandTimeoutMs?: number;
}

export interface RedisConnection {
  readonly prefix: string;
  command<T = unknown>(args: readonly (string | number)[]): Promise<T>;
  /** Runs a Lua script by its SHA-1, loading it once when the server does not know it yet. */
  script<T = unknown>(script: LuaScript, keys: readonly string[], args: readonly (string | number)[]): Promise<T>;
  /** Subscribes on a connection of its own (made on first use); resolves once Redis confirmed. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  /** Why Redis cannot be used now (commands time out, or the connection is lost), or undefined. */
  unavailable(): string | undefined;
  close(): Promise<void>;
}

export interface LuaScript {
  readonly source: string;
  readonly sha1: string;
}

export function luaScript(source: string): LuaScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

/**
 * Connects (or adopts `client`), checks that Redis answers, and returns the connection. `note`
 * hears that Redis answers again after an outage (the stores give their stderr line, unless the
 * embedding has an `onError` of its own).
 */
export async function connectRedis(
  options: RedisConnectOptions,
  owner: string,
  note?: (line: string) => void,
): Promise<RedisConnection> {
  const prefix = options.prefix ?? 'zod-mcp:';
  if (typeof prefix !== 'string') throw new TypeError(`${owner}: prefix must be a string`);
  const timeoutMs = options.commandTimeoutMs ?? 3000;
  if (!(Number.isInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= 2 ** 31 - 1))
    throw new TypeError(`${owner}: commandTimeoutMs must be a positive integer of milliseconds`);
  if ((options.url === undefined) === (options.client === undefined))
    throw new TypeError(`${owner}: give exactly one of url and client`);
  const report =
    options.onError ??
    ((error: unknown) => process.stderr.write(`zod-mcp: redis: ${(error as Error)?.message ?? String(error)}\n`));
  const owned = options.client === undefined;
  const client = options.client ?? (await createClient(options.url!, owner));
  // A second failure of one outage is not news: only the first is reported, and the recovery.
  const outage = outageWatch(report, note, () => send(['PING'], true));
  if (owned) client.on('error', (error) => outage.failed(`the connection to Redis failed: ${error.message}`, error));
  // A server that takes the connection but never answers must not hang the start: 10 s, then an error.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${owner}: Redis did not answer PING within 10 ` +
              `s${options.url === undefined ? '' : ` at ${redacted(options.url)}`}`,
          ),
        ),
      10_000,
    );
  });
  try {
    await Promise.race([
      (async () => (client.isOpen ? undefined : await client.connect(), await client.sendCommand(['PING'])))(),
      timeout,
    ]);
  } catch (error) {
    outage.stop(); // a connection error while connecting may have started the probe
    if (owned) (client as { destroy?: () => void }).destroy?.();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  /**
   * A command with a deadline: past it the request fails, the command is dropped if it was not sent
   * yet. While an outage is known, a command fails at once (a request must not wait out a deadline
   * that the last one already waited out): only the probe asks Redis, and finds the outage's end.
   */
  const send = <T>(args: readonly string[], probe = false): Promise<T> => {
    const down = probe ? undefined : outage.unavailable();
    if (down !== undefined) return Promise.reject(new StoreUnavailableError(outage.failed(down)));
    const abort = new AbortController();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        abort.abort();
        reject(new StoreUnavailableError(outage.failed(`Redis did not answer within ${timeoutMs} ms`)));
      }, timeoutMs);
      client.sendCommand<T>(args, { abortSignal: abort.signal }).then(
        (reply) => {
          clearTimeout(timer);
          outage.answered();
          resolve(reply);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (abort.signal.aborted) return;
          // Redis's own error answers are the command's; anything else (the connection lost, the
          // client refusing while it reconnects) is the outage.
          reject(
            isReplyError(error)
              ? error
              : new StoreUnavailableError(
                  outage.failed(`Redis failed: ${(error as Error)?.message ?? String(error)}`, error),
                ),
          );
        },
      );
    });
  };
  let subscriber: RedisClientLike | undefined;
  let subscribing: Promise<RedisClientLike> | undefined;
  const subscriberOf = () =>
    (subscribing ??= (async () => {
      const duplicate = client.duplicate();
      duplicate.on('error', (error) => outage.failed(`the connection to Redis failed: ${error.message}`, error));
      await duplicate.connect();
      return (subscriber = duplicate);
    })());

  return {
    prefix,
    command: (args) => send(args.map(String)),
    async script(script, keys, args) {
      const tail = [String(keys.length), ...keys, ...args.map(String)];
      try {
        return await send(['EVALSHA', script.sha1, ...tail]);
      } catch (error) {
        if (!String((error as Error)?.message).startsWith('NOSCRIPT')) throw error;
        return send(['EVAL', script.source, ...tail]);
      }
    },
    unavailable: () => outage.unavailable(),
    async subscribe(channel, listener) {
      await (await subscriberOf()).subscribe(channel, (message) => listener(message));
    },
    async close() {
      outage.stop();
      const closing: Promise<void>[] = [];
      if (subscriber !== undefined) closing.push(subscriber.close());
      if (owned && client.isOpen) closing.push(client.close());
      await Promise.allSettled(closing);
    },
  };
}

async function createClient(url: string, owner: string): Promise<RedisClientLike> {
  const module = await importOptionalPeer<{ createClient(options: object): unknown }>(PEERS.redis, owner);
  // The first connection fails at once, saying where it tried; once connected, a lost connection is
  // retried for as long as it takes (50 ms, doubling, at most 2 s apart).
  let connected = false;
  const client = module.createClient({
    url,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries: number, cause: Error) =>
        connected
          ? Math.min(50 * 2 ** retries, 2000)
          : new Error(`${owner}: cannot reach Redis at ${redacted(url)}: ${cause.message}`),
    },
  }) as RedisClientLike & { once(event: 'ready', listener: () => void): unknown };
  client.once('ready', () => (connected = true));
  return client;
}

/** An error Redis itself answered (a script's error, a wrong type): not the outage. */
function isReplyError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.constructor.name === 'ErrorReply' ||
      error.constructor.name === 'SimpleError' ||
      error.constructor.name === 'BlobError')
  );
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparsable URL';
  }
}

const STORE_OPTIONS = optionKeys<RedisConnectOptions>({
  url: true,
  client: true,
  prefix: true,
  onError: true,
  commandTimeoutMs: true,
});

/**
 * A store's connection: its options checked, and its errors told as `zod-mcp: <what>: …` on stderr
 * unless the embedding gives an `onError` of its own. `report` is where the store tells its own.
 */
export async function connectStore(
  options: RedisConnectOptions,
  owner: string,
  what: string,
): Promise<{ redis: RedisConnection; report: (error: unknown) => void }> {
  refuseUnknownOptions(owner, options, STORE_OPTIONS);
  const report =
    options.onError ??
    ((error: unknown) => process.stderr.write(`zod-mcp: ${what}: ${(error as Error)?.message ?? String(error)}\n`));
  const redis = await connectRedis(
    { ...options, onError: report },
    owner,
    options.onError === undefined ? report : undefined,
  );
  return { redis, report };
}
