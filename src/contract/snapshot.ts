// A server's surface as one canonical JSON object (schemas/snapshot.ts): who it is, the eras it
// serves with their capabilities, and what the newest of them lists. The same for a server in
// process (zod-mcp/testing's `snapshotOf`) and for one reached over stdio or HTTP (`zod-mcp snapshot`).
import type { Snapshot, SnapshotEra } from '../../schemas/snapshot.js';
import { EraNotServed, type EraName, type McpClient } from '../client/client.js';
import { RemoteError } from '../client/wire.js';
import { byKey, canonicalItem, isObject, sortedDeep } from './canonical.js';

export interface SnapshotOptions {
  /** Leave descriptions and titles out: the snapshot then changes only when the shapes do. */
  readonly structural?: boolean;
}

/** Opens a client of one era; it throws when the server does not serve that era. */
export type OpenEra = (era: EraName) => Promise<McpClient>;

const METHOD_NOT_FOUND = -32601;
type Item = Record<string, unknown>;

export async function takeSnapshot(open: OpenEra, options: SnapshotOptions = {}): Promise<Snapshot> {
  const structural = options.structural ?? false;
  const eras: Snapshot['eras'] = {};
  let newest: McpClient | undefined;
  let failure: unknown;
  for (const era of ['2025', '2026'] as const) {
    // An era the server refuses is left out; a server out of reach fails the snapshot, never shrinks it.
    const client = await open(era).catch(async (error: unknown) => {
      if (!(error instanceof EraNotServed)) {
        await newest?.close();
        throw error;
      }
      failure ??= error;
      return undefined;
    });
    if (client === undefined) continue;
    eras[era] = eraOf(client);
    if (newest !== undefined) await newest.close();
    newest = client;
  }
  if (newest === undefined) throw failure;
  try {
    const capabilities = isObject(newest.server.capabilities) ? newest.server.capabilities : {};
    const served = newest;
    /** A list the server declares the capability of, followed to its last page, sorted by `id`. */
    const items = async (method: string, key: string, capability: string, id: (item: Item) => string) => {
      if (!Object.hasOwn(capabilities, capability)) return [];
      const listed = await served.list(method, key).catch((error: unknown) => {
        if (error instanceof RemoteError && error.code === METHOD_NOT_FOUND) return [];
        throw error;
      });
      return listed.map((item) => canonicalItem(item, structural)).sort(byKey(id));
    };
    return {
      server: serverOf(newest, structural),
      ...(structural ? { structural } : {}),
      eras,
      tools: (await items('tools/list', 'tools', 'tools', (tool) => String(tool.name))) as Snapshot['tools'],
      resources: (await items('resources/list', 'resources', 'resources', (r) =>
        String(r.uri),
      )) as Snapshot['resources'],
      resourceTemplates: (await items('resources/templates/list', 'resourceTemplates', 'resources', (t) =>
        String(t.uriTemplate),
      )) as Snapshot['resourceTemplates'],
      prompts: (await items('prompts/list', 'prompts', 'prompts', (p) => String(p.name))) as Snapshot['prompts'],
    };
  } finally {
    await newest.close();
  }
}

/** The snapshot as a file holds it: two-space indented, ending in a newline. */
export function formatSnapshot(snapshot: Snapshot): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

function eraOf(client: McpClient): SnapshotEra {
  return {
    protocolVersion: client.protocolVersion,
    capabilities: sortedDeep(client.server.capabilities ?? {}) as never,
  };
}

/** Name and version first, then the rest of what it says of itself (title, icons, …) and its instructions. */
function serverOf(client: McpClient, structural: boolean): Snapshot['server'] {
  const { server } = client;
  const info = (
    client.era === '2026'
      ? (server._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/serverInfo']
      : server.serverInfo
  ) as Record<string, unknown> | undefined;
  const { name, version, ...rest } = info ?? {};
  const instructions =
    typeof server.instructions === 'string' && !structural ? { instructions: server.instructions } : {};
  const others = canonicalItem(rest, structural);
  return { name: String(name), version: String(version), ...others, ...instructions };
}
