// The official SDK v2 client against the spawned `node dist/program.js serve --demo`, in each era.
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import {
  DEMO_CAPABILITIES,
  DEMO_CAPABILITIES_2026,
  NEGOTIATIONS,
  createClient,
  exerciseDemoTools,
  realErrors,
} from '../../helpers/sdk-v2.js';
import { programJs } from '../../helpers/stdio-peer.js';

describe.each(NEGOTIATIONS)('SDK v2 client over stdio, %s', (_name, negotiation, era) => {
  it(`speaks the ${era} era and lists, calls, reports progress and cancels`, async () => {
    const errors: unknown[] = [];
    const client = createClient(negotiation, errors);
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [programJs, 'serve', '--demo'], stderr: 'pipe' }),
    );
    try {
      expect(client.getProtocolEra()).toBe(era);
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
      expect(client.getServerVersion()).toMatchObject({ name: 'zod-mcp', version: '0.1.0' });
      expect(client.getServerCapabilities()).toStrictEqual(
        era === 'modern' ? DEMO_CAPABILITIES_2026 : DEMO_CAPABILITIES,
      );
      await exerciseDemoTools(client);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(realErrors(errors)).toStrictEqual([]); // no stray response for the cancelled id, no dropped progress
    } finally {
      await client.close();
    }
  });
});
