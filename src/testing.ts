// zod-mcp/testing: the contract kit for a project's own tests. A client of either era in process
// (`connect`), the canonical snapshot of a server's surface (`snapshotOf`, what `zod-mcp snapshot`
// writes), and the classification of two snapshots' differences (`compareSnapshots`).
export { connect, snapshotOf, type ConnectContext, type ConnectOptions } from './contract/connect.js';
export { compareSnapshots, RULES } from './contract/compare.js';
export { formatComparison } from './contract/report.js';
export { formatSnapshot, type SnapshotOptions } from './contract/snapshot.js';
export {
  EraNotServed,
  McpClient,
  type Answer,
  type ClientOptions,
  type EraName,
  type Progress,
  type Question,
  type RequestOptions,
} from './client/client.js';
export { RemoteError, WireError } from './client/wire.js';
export type { Change, ChangeClass, Comparison, Snapshot } from '../schemas/snapshot.js';
