// What the verifier fetches from an authorization server (its metadata, its keys), kept through
// the server's outages: a failure is remembered with back-off, so no request (a forged token's
// included) fetches again before the back-off is over, and the last value fetched keeps serving
// until it is `maxStaleMs` old. Clocks only, no timers: nothing runs while no request comes.

/** No usable metadata or keys now: the 503, whose `Retry-After` is the seconds until the next fetch. */
export class Unavailable extends Error {
  override name = 'Unavailable';
  readonly retryAfterSec: number;
  constructor(message: string, retryAfterSec: number) {
    super(message);
    this.retryAfterSec = retryAfterSec;
  }
}

export interface RemoteOptions<T> {
  /** What it is, in the lines said on stderr: `the JWKS at https://…`. */
  readonly name: string;
  readonly fetch: () => Promise<T>;
  /** Fetched again once this old. */
  readonly freshMs: number;
  /** Through an outage, still served until this old. */
  readonly maxStaleMs: number;
  /** Says where an outage starts and where it ends, once each (`onError`, or a line on stderr). */
  readonly warn: (message: string) => void;
}

export interface Remote<T> {
  /** Fresh, or through an outage the last value fetched while under maxStaleMs old; else throws Unavailable. */
  get(): Promise<T>;
  /**
   * Fetches again (a key id the cached keys lack): undefined when the value is under `cooldownMs`
   * old (it is current: the token is wrong), Unavailable while the fetches back off (we cannot tell).
   */
  refresh(cooldownMs: number): Promise<T | undefined>;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 60_000;

export function createRemote<T>(options: RemoteOptions<T>): Remote<T> {
  let last: { value: T; at: number } | undefined;
  let failures = 0;
  let retryAt = 0;
  let cause = '';
  let pending: Promise<T> | undefined;

  const usable = (): T | undefined =>
    last !== undefined && Date.now() - last.at < Math.max(options.maxStaleMs, options.freshMs) ? last.value : undefined;
  const unavailable = () =>
    new Unavailable(
      `${options.name} cannot be fetched: ${cause}`,
      Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)),
    );
  const succeed = (value: T): T => {
    if (failures > 0) options.warn(`auth: ${options.name} can be fetched again`);
    last = { value, at: Date.now() };
    failures = 0;
    retryAt = 0;
    return value;
  };
  const fail = (error: unknown): never => {
    failures++;
    retryAt = Date.now() + Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);
    cause = describeFailure(error);
    if (failures === 1)
      options.warn(
        `auth: ${options.name} cannot be fetched: ${cause}; trying again in ${FIRST_RETRY_MS / 1000} s, backing ` +
          `off to ${MAX_RETRY_MS / 1000} s`,
      );
    throw unavailable();
  };
  /** One fetch at a time, whoever asks. */
  const attempt = (): Promise<T> =>
    (pending ??= options
      .fetch()
      .then(succeed, fail)
      .finally(() => (pending = undefined)));

  return {
    async get() {
      if (last !== undefined && Date.now() - last.at < options.freshMs) return last.value;
      const stale = usable();
      if (failures > 0 && stale !== undefined) {
        // A known outage: the last value serves at once, and a fetch runs behind it when the back-off allows.
        if (pending === undefined && Date.now() >= retryAt) attempt().catch(() => undefined);
        return stale;
      }
      if (pending === undefined && Date.now() < retryAt) throw unavailable();
      try {
        return await attempt();
      } catch (error) {
        return usable() ?? Promise.reject(error);
      }
    },
    async refresh(cooldownMs) {
      if (pending !== undefined) return pending;
      if (failures > 0 && Date.now() < retryAt) throw unavailable();
      if (failures === 0 && last !== undefined && Date.now() - last.at < cooldownMs) return undefined;
      return attempt();
    },
  };
}

/** A failed fetch in words, for the log line: never a token (none is sent to these endpoints). */
function describeFailure(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' ? `${message} (${code})` : message;
}
