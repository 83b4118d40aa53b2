// The optional peer dependencies (`@redis/client`, `jose`, `@opentelemetry/*`): imported when a feature first needs
// them, so an app that never uses that feature neither installs nor loads them.

/** An optional peer: its package name and the range zod-mcp's package.json asks for. */
export interface Peer {
  readonly name: string;
  readonly range: string;
}

/** Every optional peer, with package.json's range (a test holds the two together). */
export const PEERS = {
  redis: { name: '@redis/client', range: '^6.0.0' },
  jose: { name: 'jose', range: '^6.0.0' },
  otelApi: { name: '@opentelemetry/api', range: '^1.9.0' },
  otelMetrics: { name: '@opentelemetry/sdk-metrics', range: '^2.0.0' },
  otelPrometheus: { name: '@opentelemetry/exporter-prometheus', range: '^0.223.0' },
} as const satisfies Record<string, Peer>;

/** What the metrics endpoint loads, the API first (the SDK's packages import it). */
export const METRICS_PEERS: readonly Peer[] = [PEERS.otelApi, PEERS.otelMetrics, PEERS.otelPrometheus];

/** Imports `peer`; when it is not installed, the error says which feature needs it and the line that installs it. */
export async function importOptionalPeer<T>(peer: Peer, needer: string): Promise<T> {
  const [module] = await importOptionalPeers<[T]>([peer], needer);
  return module;
}

/**
 * Imports every peer a feature needs. When some are not installed, one error names all of them, with one
 * `npm install` line for all, instead of one at a time as each is installed. Peers are tried in order, so a
 * peer another one imports (`@opentelemetry/api`, which the SDK's packages import) comes first.
 */
export async function importOptionalPeers<T extends unknown[]>(peers: readonly Peer[], needer: string): Promise<T> {
  const modules: unknown[] = [];
  const missing: Peer[] = [];
  let cause: unknown;
  for (const peer of peers) {
    try {
      modules.push(await import(peer.name));
    } catch (error) {
      // A package that imports a missing one fails naming that one: it is counted once, as missing itself.
      const absent = peers.find((other) => isNotInstalled(error, other.name));
      if (absent === undefined) throw error;
      if (!missing.includes(absent)) missing.push(absent);
      if (absent !== peer && !missing.includes(peer) && !installed(peer)) missing.push(peer);
      cause ??= error;
    }
  }
  if (missing.length > 0) throw new Error(notInstalled(missing, needer), { cause });
  return modules as T;
}

function notInstalled(missing: readonly Peer[], needer: string): string {
  const install = `run \`npm install ${missing.map(({ name, range }) => `${name}@${range}`).join(' ')}\``;
  if (missing.length === 1) {
    const [{ name }] = missing as [Peer];
    return `${needer} needs ${name}, an optional peer dependency of zod-mcp that is not installed: ${install}`;
  }
  const names = inWords(missing.map(({ name }) => name));
  return `${needer} needs ${names}, optional peer dependencies of zod-mcp that are not installed: ${install}`;
}

/** Two or more names as a sentence lists them: `a, b and c`. */
export function inWords(names: readonly string[]): string {
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Whether a package that failed to import because another is missing is itself installed: resolved without
 * loading it where the runtime can (`import.meta.resolve`), else counted as missing too.
 */
function installed(peer: Peer): boolean {
  const resolve = (import.meta as { resolve?: (name: string) => string }).resolve;
  if (typeof resolve !== 'function') return false;
  try {
    resolve(peer.name);
    return true;
  } catch {
    return false;
  }
}

/** Node's "not found" for this very package (a missing file inside an installed one is another failure). */
function isNotInstalled(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== 'string' || !message.includes(`'${name}'`)) return false;
  return (
    code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || /cannot find (module|package)/i.test(message)
  );
}
