// serve --http's start lines: the URL, then the revisions the endpoint speaks and its health check.
import { describe, expect, it } from 'vitest';
import { speaks } from '../../src/cli/serve-http.js';
import { startHttpProcess } from '../helpers/serve-process.js';
import { programJs } from '../helpers/stdio-peer.js';

describe('serve --http start lines', () => {
  it('names the revisions served and the health check, under the URL', async () => {
    const served = await startHttpProcess([programJs, 'serve', '--http', '--port', '0']);
    try {
      const origin = new URL(served.url).origin;
      const deadline = Date.now() + 5000;
      while (!served.stderr().includes('health check') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(served.stderr()).toBe(
        `zod-mcp 0.1.0: serving MCP over HTTP at ${served.url}\n` +
          'zod-mcp: speaks MCP 2024-11-05 to 2025-11-25 (initialize, then a session) and 2026-07-28 (stateless); ' +
          `health check: GET ${origin}/healthz\n`,
      );
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    } finally {
      await served.stop();
    }
  });

  it('says what a server of one era, stateless or without a health path, speaks', () => {
    expect(speaks(['rev2026'], false, undefined)).toBe('speaks MCP 2026-07-28 (stateless)');
    expect(speaks(['rev2025'], true, 'http://127.0.0.1:3000/up')).toBe(
      'speaks MCP 2024-11-05 to 2025-11-25 (initialize, no sessions); health check: GET http://127.0.0.1:3000/up',
    );
  });
});
