// The contract's schemas are built on first use (schemas/direction.ts): importing the package builds no
// Zod schema at all, and a server builds those of what it serves. Counted in the heap of a fresh
// process (helpers/schema-census.mjs), against the built package.
import { describe, expect, it } from 'vitest';
import { root, run } from '../helpers/run.js';

interface Census {
  import: number;
  server: number;
  call: number;
  list: number;
  contract: number;
}

describe('wire schemas built on first use', () => {
  it('importing the package builds none; one tool called and listed builds under a sixth of the contract', async () => {
    const { code, stdout, stderr } = await run(process.execPath, [`${root}/test/helpers/schema-census.mjs`]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const census = JSON.parse(stdout) as Census;
    expect(census.import).toBe(0);
    // The tool's own schema (3 schemas), and the server's checks of its options: nothing of the wire yet.
    expect(census.server).toBeLessThan(30);
    // Reading every property of `schemas` builds the whole contract: hundreds of schemas.
    expect(census.contract).toBeGreaterThan(400);
    expect(census.list).toBeLessThan(census.contract / 6);
    expect(census.call).toBeLessThanOrEqual(census.list);
  });
});
