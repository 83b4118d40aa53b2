// The optional peers serve's flags need, checked at once before anything starts. With two features or
// more (--redis, --auth-issuer, --metrics), one message names every package missing and one
// `npm install` line installs them all, instead of one failure per package as each is installed. A
// single feature keeps its own message, said when it loads.
import { importOptionalPeers, inWords, METRICS_PEERS, PEERS, type Peer } from '../core/optional-peer.js';
import type { ServeArgs } from './serve-args.js';

export async function checkServePeers(options: ServeArgs): Promise<void> {
  const needs: [string, readonly Peer[]][] = [];
  if (options.redis !== undefined) needs.push(['--redis', [PEERS.redis]]);
  if (options.auth !== undefined) needs.push(['--auth-issuer', [PEERS.jose]]);
  if (options.metrics !== undefined) needs.push(['--metrics', METRICS_PEERS]);
  if (needs.length < 2) return;
  const flags = inWords(needs.map(([flag]) => flag));
  await importOptionalPeers(
    needs.flatMap(([, peers]) => peers),
    `serve ${flags}`,
  );
}
