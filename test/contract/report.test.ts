// The comparison in words, as `zod-mcp snapshot --check` prints it.
import { describe, expect, it } from 'vitest';
import { formatComparison } from '../../src/contract/report.js';

describe('formatComparison', () => {
  it('prints a section per class that has changes, a line per change', () => {
    const report = formatComparison({
      breaking: [
        { path: 'tools/add/inputSchema/properties/b', rule: 'input-required-added', message: 'became required' },
        { path: 'eras/2025', rule: 'era-removed', message: 'no longer served' },
      ],
      risky: [],
      additive: [{ path: 'tools/sub', rule: 'tool-added', message: 'added' }],
    });
    expect(report).toBe(
      'breaking (2):\n' +
        '  tools/add/inputSchema/properties/b: became required [input-required-added]\n' +
        '  eras/2025: no longer served [era-removed]\n' +
        'additive (1):\n' +
        '  tools/sub: added [tool-added]\n',
    );
  });

  it('says there are no changes when there are none', () => {
    expect(formatComparison({ breaking: [], risky: [], additive: [] })).toBe('no changes\n');
  });
});
