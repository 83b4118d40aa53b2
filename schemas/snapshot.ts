// The surface snapshot (`zod-mcp snapshot`, `snapshotOf` of zod-mcp/testing): what a server shows its
// clients, in a canonical form a project commits and checks on every push (docs/testing.md).
import { z } from 'zod/v4';
import { lazy } from './direction.js';

/** A JSON object as the server sent it: judged by the comparison, not by the reader of the file. */
const Json = () => z.record(z.string(), z.unknown());

/** What one era of the server says of itself: the version it speaks and its capabilities. */
export const SnapshotEra = lazy(() =>
  z.object({ protocolVersion: z.string(), capabilities: Json() }).catchall(z.unknown()),
);
export type SnapshotEra = z.infer<ReturnType<typeof SnapshotEra>>;

const Named = () => z.object({ name: z.string() }).catchall(z.unknown());

export const SnapshotTool = lazy(() =>
  z.object({ name: z.string(), inputSchema: Json(), outputSchema: Json().optional() }).catchall(z.unknown()),
);
export type SnapshotTool = z.infer<ReturnType<typeof SnapshotTool>>;

/**
 * The canonical description of a server's surface. `eras` is keyed `2025` and `2026` (those served);
 * the lists are those of the newest era served, sorted by name or URI; `structural`: written without
 * descriptions and titles.
 */
export const Snapshot = lazy(() =>
  z.object({
    server: z.object({ name: z.string(), version: z.string() }).catchall(z.unknown()),
    structural: z.boolean().optional(),
    eras: z.object({ '2025': SnapshotEra().optional(), '2026': SnapshotEra().optional() }),
    tools: z.array(SnapshotTool()),
    resources: z.array(z.object({ uri: z.string() }).catchall(z.unknown())),
    resourceTemplates: z.array(z.object({ uriTemplate: z.string() }).catchall(z.unknown())),
    prompts: z.array(Named()),
  }),
);
export type Snapshot = z.infer<ReturnType<typeof Snapshot>>;

/** How much a change can hurt a client: each difference of two snapshots is one of these. */
export const ChangeClass = lazy(() => z.enum(['breaking', 'risky', 'additive']));
export type ChangeClass = z.infer<ReturnType<typeof ChangeClass>>;

/** One difference: where (`tools/add/inputSchema/properties/b`), what the rule is, and in words. */
export const Change = lazy(() => z.object({ path: z.string(), rule: z.string(), message: z.string() }));
export type Change = z.infer<ReturnType<typeof Change>>;

export const Comparison = lazy(() =>
  z.object({ breaking: z.array(Change()), risky: z.array(Change()), additive: z.array(Change()) }),
);
export type Comparison = z.infer<ReturnType<typeof Comparison>>;
