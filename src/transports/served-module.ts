// `zod-mcp serve ./server.ts` imports the module to serve what it exports. A module that starts a
// transport itself when imported (`await serveStdio(server)`) would compete with the command's own:
// over stdio both would read the same stdin, and over HTTP the import would never finish. So while
// the command imports it, starting a transport is refused, saying what to write instead. The mark
// is a global symbol: a module may import another copy of zod-mcp than the command's.
const LOADING = Symbol.for('zod-mcp.served-module');

type Marked = { [LOADING]?: string };

/** Runs `load` (the import of the module at `path`) with the mark set. */
export async function loadingServedModule<T>(path: string, load: () => Promise<T>): Promise<T> {
  (globalThis as Marked)[LOADING] = path;
  try {
    return await load();
  } finally {
    delete (globalThis as Marked)[LOADING];
  }
}

/**
 * Throws (at once, so a top-level call without await fails the import too) while a command imports the module it
 * serves.
 */
export function refuseInsideServedModule(transport: string): void {
  const path = (globalThis as Marked)[LOADING];
  if (path === undefined) return;
  throw new Error(
    `it starts its own transport (${transport}) when imported, and zod-mcp starts one itself: export the server ` +
      `(\`export const server = new McpServer(...)\`) without calling ${transport}, or run the module on its own ` +
      `(\`npx tsx ${path}\`)`,
  );
}
