// Every TypeScript block of README.md and docs/*.md, as a user's project gets it: each block is a
// file of its own, standing alone (its imports are its own; a block may import another block of the
// same page by the file name an annotation gives it). An HTML comment on the line before a block
// says how the test runs it:
//
//   <!-- test: {"file":"server.ts","serve":{"call":"add","arguments":{"a":2,"b":3},"text":"5"}} -->
//
// - file: the block's file name (default block-<line>.ts)
// - serve: the block exports a server; `zod-mcp serve` serves it over stdio, and the call (or
//   {"read": uri}) must answer `text` (or text containing `contains`)
// - stdio: the block serves stdio itself (`node` runs it), with the same check
// - http: the block listens at http://127.0.0.1:$PORT/mcp; the official client calls it (2026)
// - run: {"stdout": "..."}: `node` runs it, and it prints exactly that
// - test: true: `tsx --test` runs it (as the page does), and it passes
// - only: "typecheck", with why: it needs what the test cannot give it (a Redis, a certificate)
// - zod4: true: it uses Zod 4's API; under Zod 3 it is compiled with `zod/v4`
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './project.js';

export interface Call {
  readonly call?: string;
  readonly arguments?: Record<string, unknown>;
  readonly read?: string;
  readonly text?: string;
  readonly contains?: string;
}

export interface BlockTest {
  readonly file?: string;
  readonly serve?: Call;
  readonly stdio?: Call;
  readonly http?: Call;
  readonly run?: { readonly stdout: string };
  readonly test?: true;
  readonly only?: 'typecheck';
  readonly why?: string;
  readonly zod4?: true;
}

export interface DocBlock {
  /** The page, from the root: `README.md`, `docs/tools.md`. */
  readonly page: string;
  /** The line the code starts on. */
  readonly line: number;
  readonly code: string;
  readonly test: BlockTest;
  /** Where it is written in the project: `<page folder>/<file>`. */
  readonly path: string;
}

export const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

const ANNOTATION = /^<!-- test: (\{.*\}) -->$/;

export function docBlocks(): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const page of PAGES) {
    const lines = readFileSync(join(root, page), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] !== '```ts') continue;
      const end = lines.indexOf('```', i + 1);
      const annotation = ANNOTATION.exec(lines[i - 1] ?? '');
      const test = (annotation === null ? {} : JSON.parse(annotation[1]!)) as BlockTest;
      const folder = page.replace(/\.md$/, '').replace('/', '-');
      blocks.push({
        page,
        line: i + 2,
        code: lines.slice(i + 1, end).join('\n'),
        test,
        path: `${folder}/${test.file ?? `block-${i + 2}.ts`}`,
      });
      i = end;
    }
  }
  return blocks;
}

/** Code that does something when run: such a block must say how the test runs it. */
export function isProgram(block: DocBlock): boolean {
  return /export const server\b|serveStdio\(|serveHttp\(|\.listen\(|console\.log\(|\btest\(/.test(block.code);
}

/** The block as written, its zod imports going to `zodImport` (`zod`, `zod/v4` or `zod/v3`). */
export function asModule(block: DocBlock, zodImport: string): string {
  return `${block.code.replaceAll("from 'zod';", `from '${zodImport}';`)}\n`;
}
