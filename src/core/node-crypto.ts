// node:crypto, loaded the first time something needs it (a task id, an elicitation id, a sealed
// requestState): a start-up that needs none of them does not pay for it (about 7 ms on Node 20,
// docs/performance.md). Synchronous, as its callers are.
import { createRequire } from 'node:module';

type NodeCrypto = typeof import('node:crypto');

let loaded: NodeCrypto | undefined;

export function nodeCrypto(): NodeCrypto {
  return (loaded ??= createRequire(import.meta.url)('node:crypto') as NodeCrypto);
}
