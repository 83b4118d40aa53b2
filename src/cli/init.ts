// `zod-mcp init [DIR]`: a new project that works at once: a server with one tool exported from
// server.ts, a test that calls it in process, and how to give it to a client.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../version.js';
import { claudeAddLineFor, claudeName } from './claude-line.js';
import { shellWord } from './shell-word.js';

/**
 * The versions the scaffold installs: the ones this package is tested with (test/cli/init.test.ts holds them to
 * package.json).
 */
export const SCAFFOLD_VERSIONS = {
  zod: '^4.6.7',
  tsx: '^4.20.0',
  typescript: '7.0.2',
  vitest: '4.1.12',
  vite: '8.3.8',
  '@types/node': '^20.19.0',
} as const;

/** Writes the project into `dir` (new or empty); `zodMcp` is the dependency spec of zod-mcp. Returns the exit code. */
export async function runInitCommand(dir: string, zodMcp?: string): Promise<number> {
  const target = resolve(dir);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new Error(`init: ${dir} is a file: give a new or empty folder`);
    // A folder that `git init` made is empty enough.
    if (readdirSync(target).some((name) => name !== '.git'))
      throw new Error(`init: ${dir} is not empty: give a new or empty folder`);
  }
  const name = packageName(basename(target));
  const spec = zodMcp ?? defaultSpec();
  const files = scaffold(name, spec, target);
  mkdirSync(target, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(target, file), text, { flag: 'wx' });
  const cd = dir === '.' ? '' : `cd ${shellWord(dir)} && `;
  process.stderr.write(
    `zod-mcp init: wrote ${Object.keys(files).join(', ')} in ${target}\nnext: ${cd}npm install && npm test\n`,
  );
  return 0;
}

/** npm's rules for a name: lower case, URL-safe, at most 214 characters. */
function packageName(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '')
    .slice(0, 214);
  return name === '' ? 'my-mcp-server' : name;
}

/**
 * Until zod-mcp is on the registry, a project installs it from where this copy came from: run from
 * a git checkout, that folder (installed as a copy, see .npmrc); installed in a project, what that
 * project depends on (its git URL, tarball or folder, made absolute); else the registry's version.
 */
function defaultSpec(): string {
  for (let at = dirname(fileURLToPath(import.meta.url)); dirname(at) !== at; at = dirname(at)) {
    const manifest = join(at, 'package.json');
    if (!existsSync(manifest)) continue;
    if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name !== 'zod-mcp') break;
    if (existsSync(join(at, '.git'))) return `file:${at}`;
    return basename(dirname(at)) === 'node_modules'
      ? (specOfProject(dirname(dirname(at))) ?? `^${VERSION}`)
      : `^${VERSION}`;
  }
  return `^${VERSION}`;
}

/** How the project at `dir` depends on zod-mcp, a `file:` path made absolute. */
function specOfProject(dir: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    const spec = manifest.dependencies?.['zod-mcp'] ?? manifest.devDependencies?.['zod-mcp'];
    return spec?.startsWith('file:') ? `file:${resolve(dir, spec.slice('file:'.length))}` : spec;
  } catch {
    return undefined; // no readable manifest there: nothing to go by
  }
}

/** `'./file'`, built so that a reader of this file's imports does not take the scaffold's for its own. */
const local = (file: string) => `'.${'/'}${file}'`;

function scaffold(name: string, zodMcp: string, target: string): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const { zod, ...dev } = SCAFFOLD_VERSIONS;
  const files: Record<string, string> = {
    'package.json': json({
      name,
      version: '0.1.0',
      private: true,
      type: 'module',
      scripts: {
        test: 'tsc && vitest run',
        start: 'zod-mcp serve server.ts',
        dev: 'zod-mcp dev server.ts',
        inspect: 'zod-mcp inspect server.ts',
      },
      dependencies: { 'zod-mcp': zodMcp, zod },
      devDependencies: dev,
    }),
    'tsconfig.json': json({
      compilerOptions: {
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      // Every .ts of the project, in folders too (src/, test/); node_modules is left out by default.
      include: ['**/*.ts'],
    }),
    'server.ts': `\
// The server: its tools, exported so that \`zod-mcp serve\`, \`zod-mcp dev\`, \`zod-mcp inspect\` and the
// test all take the same one.
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

export const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number().describe('the first number'), b: z.number().describe('the second number') }),
  output: z.object({ sum: z.number() }),
  handler: ({ a, b }) => ({ sum: a + b }),
});

export const server = new McpServer({ name: '${name}', version: '0.1.0', tools: [add] });
`,
    'server.test.ts': `import { expect, it } from 'vitest';
import { server } from ${local('server.js')};

it('adds', async () => {
  expect(await server.callTool('add', { a: 2, b: 3 })).toStrictEqual({
    content: [{ type: 'text', text: '{"sum":5}' }],
    structuredContent: { sum: 5 },
    isError: false,
  });
});

it('answers a model that sends the wrong type with a result it can read', async () => {
  const result = await server.callTool('add', { a: 2, b: 'three' });
  expect(result?.isError).toBe(true);
});
`,
    'contract.test.ts': `\
// The server as clients see it, against mcp-snapshot.json (the first run writes it: commit it).
// A change to the tools fails here, each difference classified as breaking, risky or additive;
// after one made on purpose: npx zod-mcp snapshot server.ts --out mcp-snapshot.json
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { compareSnapshots, formatComparison, formatSnapshot, snapshotOf } from 'zod-mcp/testing';
import { server } from ${local('server.js')};

const file = new URL('./mcp-snapshot.json', import.meta.url);

it('shows clients what mcp-snapshot.json says', async () => {
  const live = await snapshotOf(server);
  if (!existsSync(file)) writeFileSync(file, formatSnapshot(live));
  const changes = compareSnapshots(JSON.parse(readFileSync(file, 'utf8')), live);
  expect(formatComparison(changes)).toBe('no changes\\n');
});
`,
    'README.md': `# ${name}

An [MCP](https://modelcontextprotocol.io) server made with zod-mcp: one tool, \`add\`, in \`server.ts\`.

\`\`\`sh
npm install
npm test                 # type-checks, calls the tool in process, checks it against mcp-snapshot.json
npx zod-mcp serve server.ts            # serves it over stdio
npx zod-mcp serve server.ts --http     # over Streamable HTTP at http://127.0.0.1:3000/mcp
npx zod-mcp dev server.ts              # restarted on every change
npx zod-mcp inspect server.ts          # what a client sees
npx zod-mcp call server.ts add a=2 b=3 # one call from the shell
npx zod-mcp snapshot server.ts --out mcp-snapshot.json   # after changing the tools on purpose
\`\`\`

Give it to Claude Code. The line names absolute paths, so it works typed in any folder; Claude Code
adds the server for the folder it is typed in (its default scope), and with \`-s user\` after
\`add\` for every folder:

\`\`\`sh
${claudeAddLineFor(claudeName(name), target, ['serve', join(target, 'server.ts')])}
\`\`\`
`,
    '.gitignore': 'node_modules/\n',
  };
  // A folder dependency installed as a link would bring that folder's own zod: a second copy beside this project's.
  if (zodMcp.startsWith('file:') && !/\.(tgz|tar\.gz)$/.test(zodMcp)) files['.npmrc'] = 'install-links=true\n';
  return files;
}
