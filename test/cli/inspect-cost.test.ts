// `zod-mcp inspect` on what tools/list costs: each listing a client may be served (the default, each
// toolset's, every toolset's, search mode's) in tools, bytes and estimated tokens, against
// examples/many-tools (321 tools in ten toolsets); the warnings past the hosts' limits and a tenth of
// a 200K context, and for a description whose first sentence is too long.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, run } from '../helpers/run.js';
import { programJs } from '../helpers/stdio-peer.js';

const zodMcp = (args: string[]) => run(process.execPath, [programJs, ...args]);
type Report = {
  cost: { rule: string; listings: { listing: string; tools: number; bytes: number; tokens: number }[] };
  problems: { level: string; where: string; text: string }[];
};

describe('inspect: what tools/list costs', () => {
  it('measures every listing of examples/many-tools, and warns where hosts would struggle', async () => {
    const { code, stdout, stderr } = await zodMcp(['inspect', join(root, 'examples/many-tools/server.ts'), '--json']);
    expect({ code, stderr }).toStrictEqual({ code: 0, stderr: '' });
    const { cost, problems } = JSON.parse(stdout) as Report;
    expect(cost.rule).toBe('tokens estimated as UTF-8 bytes / 4, rounded up');
    const toolsets = ['issues', 'pulls', 'repos', 'actions', 'users', 'orgs', 'projects', 'security'];
    expect(cost.listings.map(({ listing, tools }) => [listing, tools])).toStrictEqual([
      ['default', 321],
      ...[...toolsets, 'discussions', 'notifications'].map((name) => [`toolset ${name}`, 33]),
      ['all toolsets', 321],
      ['search mode', 3],
    ]);
    for (const { bytes, tokens } of cost.listings) expect(tokens).toBe(Math.ceil(bytes / 4));
    const [full, search] = [cost.listings[0]!, cost.listings.at(-1)!];
    expect(search.bytes / full.bytes).toBeLessThan(0.02);
    const heavy = (listing: string) => [
      {
        level: 'warning',
        where: `listing "${listing}"`,
        text: "321 tools, more than VS Code loads (128), and Cursor's 80: serve toolsets, or search mode",
      },
      {
        level: 'warning',
        where: `listing "${listing}"`,
        text: `about ${full.tokens.toLocaleString('en-US')} tokens, more than a tenth of a 200K context before the first message`,
      },
    ];
    expect(problems).toStrictEqual([...heavy('default'), ...heavy('all toolsets')]);
  }, 60_000);

  it('flags a description whose first sentence passes 80 characters, and says how the tokens are counted', async () => {
    const { code, stdout } = await zodMcp(['inspect', join(root, 'test/cli/modules/long-description.ts')]);
    expect(code).toBe(0);
    expect(stdout).toContain('what tools/list costs (tokens estimated as UTF-8 bytes / 4, rounded up):\n');
    expect(stdout.slice(stdout.lastIndexOf('\nwarning') + 1)).toBe(
      'warning tool "report": the description\'s first sentence is 108 characters; hosts index the opening of a ' +
        'description: say what the tool does in 80 or fewer\n0 errors, 1 warning\n',
    );
  }, 30_000);
});
