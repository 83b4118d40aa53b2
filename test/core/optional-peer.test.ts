// Optional peers: imported when a feature needs them; every one missing named in one message, with one
// `npm install` line for all of them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOptionalPeer, importOptionalPeers, PEERS } from '../../src/core/optional-peer.js';
import { root } from '../helpers/run.js';

const absentA = { name: 'zod-mcp-absent-peer-a', range: '^1.0.0' };
const absentB = { name: 'zod-mcp-absent-peer-b', range: '^2.0.0' };
const absentC = { name: '@zod-mcp-absent/peer-c', range: '^3.0.0' };
const zod = { name: 'zod', range: '^4.0.0' };

describe('importOptionalPeers', () => {
  it('answers the modules in order when every peer is installed', async () => {
    const [module] = await importOptionalPeers<[{ z: unknown }]>([zod], 'a feature');
    expect(module.z).toBeDefined();
  });

  it('names one missing peer as before, with its install line', async () => {
    await expect(importOptionalPeer(absentA, 'the feature')).rejects.toThrow(
      'the feature needs zod-mcp-absent-peer-a, an optional peer dependency of zod-mcp that is not installed: run ' +
        '`npm install zod-mcp-absent-peer-a@^1.0.0`',
    );
  });

  it('names every missing peer at once, in order, and one npm install line for all of them', async () => {
    const failure = importOptionalPeers([absentA, zod, absentB, absentC], 'serve --redis and --metrics');
    await expect(failure).rejects.toThrow(
      'serve --redis and --metrics needs zod-mcp-absent-peer-a, zod-mcp-absent-peer-b and @zod-mcp-absent/peer-c, ' +
        'optional peer dependencies of zod-mcp that are not installed: run `npm install ' +
        'zod-mcp-absent-peer-a@^1.0.0 zod-mcp-absent-peer-b@^2.0.0 @zod-mcp-absent/peer-c@^3.0.0`',
    );
    const error = (await failure.then(
      () => undefined,
      (caught: unknown) => caught,
    )) as Error;
    expect((error.cause as { code?: string }).code).toBe('ERR_MODULE_NOT_FOUND');
  });
});

describe('PEERS', () => {
  it("asks for the ranges package.json's peerDependencies name, and names every optional peer but tsx and zod", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      peerDependencies: Record<string, string>;
    };
    const named = Object.fromEntries(Object.values(PEERS).map(({ name, range }) => [name, range]));
    const { tsx: _tsx, zod: _zod, ...optional } = pkg.peerDependencies;
    expect(named).toStrictEqual(optional);
  });
});
