// What a cassette holds beside the frames as they flowed: request ids numbered in order, progress
// tokens, request states and task ids named by their order too (each the same wherever it appears,
// so a replay's client echoes what the replay sent), and what the user asked to hide redacted.
// Two recordings of the same session are then the same lines but for the times.
import type { CassetteHeader, CassetteLine } from '../../schemas/cassette.js';
import { CASSETTE_VERSION } from '../../schemas/cassette.js';
import { isObject } from './canonical.js';

type Frame = Record<string, unknown>;
/** Keys whose values a session makes up (random, or counted) and whose names a cassette fixes. */
type NamedKey = 'progressToken' | 'requestState' | 'taskId';
export const REDACTED = '[redacted]';

/** Values named by their order: `state-1`, `task-2`, …, the same value always the same name. */
class Names {
  readonly #names = new Map<unknown, string | number>();
  readonly #prefix: string | undefined;

  /** `prefix` undefined: numbers (ids), else `prefix-n`. */
  constructor(prefix: string | undefined) {
    this.#prefix = prefix;
  }

  of(value: unknown): string | number {
    let name = this.#names.get(value);
    if (name === undefined) {
      const n = this.#names.size + 1;
      name = this.#prefix === undefined ? n : `${this.#prefix}-${n}`;
      this.#names.set(value, name);
    }
    return name;
  }
}

export interface RedactOptions {
  /** Keys whose values are hidden wherever they appear (`token`), or JSON pointers into a frame (`/params/x`). */
  readonly redact?: readonly string[];
}

export class CassetteWriter {
  readonly #lines: CassetteLine[] = [];
  readonly #started = Date.now();
  readonly #clientIds = new Names(undefined);
  readonly #serverIds = new Names(undefined);
  readonly #values: Record<NamedKey, Names> = {
    progressToken: new Names('progress'),
    requestState: new Names('state'),
    taskId: new Names('task'),
  };
  readonly #keys: ReadonlySet<string>;
  readonly #pointers: readonly string[][];
  #era: CassetteHeader['era'];

  constructor(options: RedactOptions = {}) {
    const redact = options.redact ?? [];
    this.#keys = new Set(redact.filter((entry) => !entry.startsWith('/')));
    this.#pointers = redact.filter((entry) => entry.startsWith('/')).map(parsePointer);
  }

  /** A message the client sent: a request (whose era it notes), a notification, or a response to the server. */
  client(frame: Frame): void {
    if (typeof frame.method === 'string' && frame.id !== undefined) this.#noteEra(frame);
    const isResponse = frame.method === undefined;
    const id = frame.id === undefined ? {} : { id: (isResponse ? this.#serverIds : this.#clientIds).of(frame.id) };
    this.#push('client', undefined, { ...this.#normalise(frame), ...id });
  }

  /** A message the server sent about the client request `request` (its raw id): the response, or one sent meanwhile. */
  server(frame: Frame, request: unknown): void {
    const isRequest = typeof frame.method === 'string' && frame.id !== undefined;
    const id = frame.id === undefined ? {} : { id: (isRequest ? this.#serverIds : this.#clientIds).of(frame.id) };
    this.#push('server', this.#clientIds.of(request), { ...this.#normalise(frame), ...id });
  }

  /** The cassette: the header line, then a line per message, each ending in a newline. */
  text(): string {
    const header: CassetteHeader = {
      cassette: CASSETTE_VERSION,
      ...(this.#era === undefined ? {} : { era: this.#era }),
    };
    return [header, ...this.#lines].map((line) => `${JSON.stringify(line)}\n`).join('');
  }

  #noteEra(frame: Frame): void {
    const meta = (frame.params as Frame | undefined)?._meta as Frame | undefined;
    if (frame.method === 'initialize') this.#era = '2025';
    else if (this.#era === undefined && typeof meta?.['io.modelcontextprotocol/protocolVersion'] === 'string')
      this.#era = '2026';
  }

  #push(from: CassetteLine['from'], request: string | number | undefined, frame: Frame): void {
    const t = Date.now() - this.#started;
    this.#lines.push({ t, from, ...(request === undefined ? {} : { for: request }), frame: reorder(frame) });
  }

  #normalise(frame: Frame): Frame {
    const named = mapValues(frame, (key, value) => {
      if (this.#keys.has(key)) return REDACTED;
      if (Object.hasOwn(this.#values, key) && (typeof value === 'string' || typeof value === 'number'))
        return this.#values[key as NamedKey].of(value);
      return value;
    }) as Frame;
    for (const pointer of this.#pointers) redactAt(named, pointer);
    return named;
  }
}

/** `{ jsonrpc, id, method, params }` / `{ jsonrpc, id, result }` in the wire's order. */
function reorder(frame: Frame): Frame {
  const { jsonrpc, id, ...rest } = frame;
  return { jsonrpc, ...(id === undefined ? {} : { id }), ...rest };
}

/** A copy of `value` with `map(key, child)` applied to every keyed member, depth first. */
function mapValues(value: unknown, map: (key: string, value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapValues(item, map));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, map(key, mapValues(child, map))]));
}

function parsePointer(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function redactAt(frame: Frame, path: readonly string[]): void {
  let at: unknown = frame;
  for (const key of path.slice(0, -1)) at = isObject(at) || Array.isArray(at) ? (at as Frame)[key] : undefined;
  const last = path.at(-1);
  if (last !== undefined && (isObject(at) || Array.isArray(at)) && Object.hasOwn(at as Frame, last))
    (at as Frame)[last] = REDACTED;
}
