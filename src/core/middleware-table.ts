// The middleware a server holds (McpServer's `use`): which runs around which method, in the order it
// was added, and adding one, refused for a method the server does not serve.
import { closest } from './closest.js';
import type { MethodMiddleware, Middleware } from './middleware.js';

/** The middleware a server holds, by method, in the order it was added; the chain of each method made once. */
export class MiddlewareTable {
  readonly #entries: { methods: ReadonlySet<string> | undefined; use: Middleware }[] = [];
  #chains = new Map<string, readonly Middleware[]>();
  /** Whether any was added: dispatch asks this, and nothing else, when there is none. */
  any = false;

  add(methods: readonly string[] | undefined, use: Middleware): void {
    if (typeof use !== 'function') throw new TypeError('use: a middleware is a function (request, next) => answer');
    this.#entries.push({ methods: methods === undefined ? undefined : new Set(methods), use });
    this.#chains = new Map();
    this.any = true;
  }

  chainOf(method: string): readonly Middleware[] {
    let chain = this.#chains.get(method);
    if (chain === undefined) {
      chain = this.#entries
        .filter((entry) => entry.methods === undefined || entry.methods.has(method))
        .map((entry) => entry.use);
      this.#chains.set(method, chain);
    }
    return chain;
  }
}

/** What a server serves: its features' methods and each era's own. */
interface ServedMethods {
  readonly middleware: MiddlewareTable;
  readonly methods: ReadonlyMap<string, unknown>;
  readonly codecs: {
    readonly rev2025: { readonly methods: ReadonlyMap<string, unknown> };
    readonly rev2026: { readonly methods: ReadonlyMap<string, unknown> };
  };
}

/**
 * `use(mw)`, `use('tools/call', mw)`, `use(['prompts/get', 'resources/read'], mw)`, and McpServer's
 * `use` option (a middleware, or `{ method, use }`): a method the server does not serve is refused,
 * naming the closest, since its middleware would never run.
 */
export function addMiddleware(
  server: ServedMethods,
  first: string | readonly string[] | Middleware | MethodMiddleware,
  second?: Middleware,
): void {
  const table = server.middleware;
  if (typeof first === 'function') return table.add(undefined, first);
  const served = [
    ...new Set([
      ...server.methods.keys(),
      ...server.codecs.rev2025.methods.keys(),
      ...server.codecs.rev2026.methods.keys(),
    ]),
  ];
  const entry =
    typeof first === 'string' || Array.isArray(first)
      ? { method: first as string | readonly string[], use: second }
      : (first as MethodMiddleware);
  const methods = typeof entry.method === 'string' ? [entry.method] : [...(entry.method ?? [])];
  if (methods.length === 0)
    throw new TypeError('use: name the methods a middleware is for, or give the middleware alone for every method');
  for (const name of methods) {
    if (served.includes(name)) continue;
    const near = closest(String(name), served);
    throw new TypeError(
      'use: this server serves no method ' +
        `${JSON.stringify(name)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`,
    );
  }
  table.add(methods, entry.use as Middleware);
}
