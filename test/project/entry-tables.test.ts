// The entry-point tables of README.md and docs/getting-started.md name every `define…` the core entry
// exports: they are how a newcomer finds what to import.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.js';
import { root } from '../helpers/run.js';

const defines = Object.keys(core).filter((name) => /^define[A-Z]/.test(name));

describe('entry-point tables', () => {
  it.each(['README.md', 'docs/getting-started.md'])("%s's zod-mcp row names every define… export", (file) => {
    const row = readFileSync(join(root, file), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `zod-mcp` |'));
    expect(defines.length).toBeGreaterThanOrEqual(5);
    expect(defines.filter((name) => !row?.includes(`\`${name}\``))).toStrictEqual([]);
  });
});
