// The project's pages name only files that exist: every `src/…`, `test/…`, `bench/…`, `scripts/…`,
// `fixtures/…`, `examples/…` or `schemas/…` path in backticks outside a code block (a code block's
// paths are often a sample's: a workspace tool's output, a reader's own file; so is a `**` glob).
// What a test writes under test/.output/ (ignored by git) is not looked for: it is there only once
// that test has run, and this check must not depend on which tests ran before it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/run.js';

const pages = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const PATH = /`((?:src|test|bench|scripts|fixtures|examples|schemas)\/[A-Za-z0-9_./*-]+)`/g;
/** The tests' outputs (see above). */
const OUTPUT = 'test/.output/';

/** A path, or a pattern with `*` in its last part, that names something in the checkout. */
function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(root, path.replace(/\/$/, '')));
  const at = path.lastIndexOf('/');
  const pattern = new RegExp(
    `^${path
      .slice(at + 1)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')}$`,
  );
  return readdirSync(join(root, path.slice(0, at))).some((name) => pattern.test(name));
}

describe('paths named in the docs', () => {
  it.each(pages)('%s names files that exist', (page) => {
    let fenced = false;
    const missing: string[] = [];
    readFileSync(join(root, page), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line.startsWith('```')) fenced = !fenced;
        else if (!fenced) {
          for (const [, path] of line.matchAll(PATH)) {
            if (!path!.includes('**') && !path!.startsWith(OUTPUT) && !exists(path!))
              missing.push(`${page}:${index + 1}: ${path}`);
          }
        }
      });
    expect(missing).toStrictEqual([]);
  });
});
