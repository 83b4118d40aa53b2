// The README's TypeScript examples as modules a user's project can compile: each block as written,
// with what it takes from the blocks before it (or from the reader's own code) declared above it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './project.js';

/** Names a block may use without defining: the README's earlier tools, and the reader's own helpers. */
const elsewhere: Record<string, string> = {
  weather: "declare const weather: import('zod-mcp').Tool;",
  reindex: "declare const reindex: import('zod-mcp').Tool;",
  server: "declare const server: import('zod-mcp').McpServer;",
  git: 'declare function git(args: string[], signal: AbortSignal): Promise<void>;',
  runBuild: 'declare function runBuild(target: string, signal: AbortSignal, onLine: (line: { n: number; text: string }) => void): Promise<string>;',
};
/** What a block uses from a package without importing it (it continues the block above). */
const packages: [string, string, RegExp][] = [
  ['z', 'zod', /\bz\./],
  ['defineTool', 'zod-mcp', /\bdefineTool\(/],
  ['McpServer', 'zod-mcp', /\bnew McpServer\(/],
];

export interface ReadmeBlock {
  /** The README line the block starts on. */
  readonly line: number;
  readonly code: string;
}

export function readmeBlocks(): ReadmeBlock[] {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```ts') continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ line: i + 2, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

/** The block as a module importing zod from `zodImport` (`zod`, `zod/v4` or `zod/v3`). */
export function asModule(block: ReadmeBlock, zodImport: string): string {
  const code = block.code.replaceAll("from 'zod';", `from '${zodImport}';`);
  const head: string[] = [];
  for (const [name, from, use] of packages) {
    const imported = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from`).test(code);
    if (use.test(code) && !imported) head.push(`import { ${name} } from '${from === 'zod' ? zodImport : from}';`);
  }
  for (const [name, declaration] of Object.entries(elsewhere)) {
    if (new RegExp(`\\b${name}\\b`).test(code) && !new RegExp(`const ${name}\\b`).test(code)) head.push(declaration);
  }
  // Imports first: a declaration may not stand above an import in the reader's file either.
  const imports = code.split('\n').filter((line) => line.startsWith('import '));
  const rest = code.split('\n').filter((line) => !line.startsWith('import '));
  return [...imports, ...head.filter((line) => line.startsWith('import ')), ...head.filter((line) => !line.startsWith('import ')), ...rest, 'export {};', ''].join('\n');
}
