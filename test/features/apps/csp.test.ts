// The policy the sandbox proxy gives a view (test/features/apps/host/csp.ts): the MCP Apps 2026-01-26 CSP
// construction from `_meta.ui.csp`, its restrictive default, and entries that would loosen it.
import { describe, expect, it } from 'vitest';
import { RESTRICTIVE_DEFAULT, buildCsp } from './host/csp.js';

const NOTHING_DECLARED =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; frame-src 'none'; object-src 'none'; base-uri 'self'";

describe('buildCsp', () => {
  it.each([
    ['csp left out: the restrictive default', undefined, RESTRICTIVE_DEFAULT],
    ['nothing declared', {}, NOTHING_DECLARED],
    [
      'empty lists, as show_chart declares them',
      { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
      NOTHING_DECLARED,
    ],
    [
      'every list',
      {
        connectDomains: ['https://api.example', 'wss://live.example'],
        resourceDomains: ['https://cdn.example', 'https://*.static.example'],
        frameDomains: ['https://player.example'],
        baseUriDomains: ['https://base.example'],
      },
      "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.example https://*.static.example; style-src 'self' 'unsafe-inline' https://cdn.example https://*.static.example; connect-src 'self' https://api.example wss://live.example; img-src 'self' data: https://cdn.example https://*.static.example; font-src 'self' https://cdn.example https://*.static.example; media-src 'self' data: https://cdn.example https://*.static.example; frame-src https://player.example; object-src 'none'; base-uri https://base.example",
    ],
    [
      'entries that would add a directive, a source or a keyword are dropped',
      {
        connectDomains: [
          'https://a.example; script-src *',
          "'unsafe-eval'",
          'https://b.example https://c.example',
          'https://d.example,x',
          '',
          'https://ok.example',
        ],
        frameDomains: ['*;'],
      },
      NOTHING_DECLARED.replace("connect-src 'self'", "connect-src 'self' https://ok.example"),
    ],
  ])('%s', (_name, csp, policy) => {
    expect(buildCsp(csp)).toBe(policy);
  });
});
