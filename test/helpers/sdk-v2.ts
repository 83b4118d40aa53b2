// The official SDK v2 client (@modelcontextprotocol/client) as a test peer, in each way it negotiates.
import { Client } from '@modelcontextprotocol/client';
import { expect } from 'vitest';

/** `pin`: 2026-07-28 only; `auto`: probes with server/discover and picks 2026 when offered; `legacy`: initialize. */
export const NEGOTIATIONS = [
  ['pinned to 2026-07-28', { mode: { pin: '2026-07-28' } }, 'modern'],
  ['auto', { mode: 'auto' }, 'modern'],
  ['legacy (the default)', undefined, 'legacy'],
] as const;

export type Negotiation = (typeof NEGOTIATIONS)[number][1];

export function createClient(negotiation: Negotiation, errors: unknown[]): Client {
  const client = new Client(
    { name: 'sdk-v2-test-client', version: '2.0.0' },
    negotiation === undefined ? {} : { versionNegotiation: negotiation as never },
  );
  client.onerror = (error) => errors.push(error);
  return client;
}

/** What the v2 client shows of the demo tools' calls: the same in both eras. */
export async function exerciseDemoTools(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toStrictEqual(['echo', 'add', 'fail', 'countdown', 'console_log']);
  const added = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
  expect({ content: added.content, structuredContent: added.structuredContent, isError: added.isError }).toStrictEqual({
    content: [{ type: 'text', text: '{"sum":5}' }],
    structuredContent: { sum: 5 },
    isError: false,
  });
  const failed = await client.callTool({ name: 'fail', arguments: { message: 'no luck' } });
  expect({ content: failed.content, isError: failed.isError }).toStrictEqual({ content: [{ type: 'text', text: 'no luck' }], isError: true });
  const unknown = await client.callTool({ name: 'nope', arguments: {} });
  expect({ content: unknown.content, isError: unknown.isError }).toStrictEqual({ content: [{ type: 'text', text: 'unknown tool: nope' }], isError: true });
  for (let call = 0; call < 3; call++) {
    const seen: number[] = [];
    await client.callTool({ name: 'countdown', arguments: { from: 3, delayMs: 0 } }, { onprogress: ({ progress }) => seen.push(progress) });
    expect(seen).toStrictEqual([0, 1, 2, 3]);
  }
  const controller = new AbortController();
  const slow = client.callTool({ name: 'countdown', arguments: { from: 100, delayMs: 50 } }, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error('changed my mind')), 100);
  await expect(slow).rejects.toThrow('changed my mind');
  const echoed = await client.callTool({ name: 'echo', arguments: { after: 'cancel' } });
  expect(echoed.content).toStrictEqual([{ type: 'text', text: 'echo({"after":"cancel"})' }]);
}
