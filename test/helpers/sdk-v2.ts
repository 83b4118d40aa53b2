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

export const PROGRESS_CALLS = 5;

/** What `zod-mcp serve --demo` declares: fixed lists of tools, resources and prompts, completion, logging. */
export const DEMO_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: true, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
  logging: {},
  // show_chart's MCP App (the extension has no server settings).
  extensions: { 'io.modelcontextprotocol/ui': {} },
};

/** What a 2026 client sees besides: the tasks extension (`slow_build` may become a task). */
export const DEMO_CAPABILITIES_2026 = {
  ...DEMO_CAPABILITIES,
  extensions: { 'io.modelcontextprotocol/ui': {}, 'io.modelcontextprotocol/tasks': {} },
};

/**
 * Of PROGRESS_CALLS calls of countdown 3 (progress 0, 1, 2, then 3 just before it answers), how many
 * delivered all four updates. The SDK clients handle a notification a microtask after a response
 * that came in the same read, and drop it; the server writes the response apart, 10 ms later, which
 * a client that keeps up reads on its own. Written together, as before, no call sees the last step;
 * a test machine busy enough to leave the client unscheduled for 10 ms may cost one call its last
 * updates.
 */
export async function callsWithEveryUpdate(
  call: (onprogress: (progress: { progress: number }) => void) => Promise<unknown>,
): Promise<number> {
  let complete = 0;
  for (let i = 0; i < PROGRESS_CALLS; i++) {
    const seen: number[] = [];
    await call(({ progress }) => seen.push(progress));
    expect(seen).toStrictEqual([0, 1, 2, 3].slice(0, seen.length)); // in order; dropped ones only at the end
    if (seen.length === 4) complete++;
  }
  return complete;
}

/** Errors a client reported, but the "unknown token" of a progress update it dropped (counted by callsWithEveryUpdate). */
export function realErrors(errors: readonly unknown[]): unknown[] {
  return errors.filter((error) => !String(error).includes('progress notification for an unknown token'));
}

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
  expect(tools.map((tool) => tool.name)).toStrictEqual([
    'echo',
    'add',
    'fail',
    'countdown',
    'console_log',
    'ask_name',
    'summarize',
    'slow_build',
    'show_chart',
  ]);
  const added = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
  expect({ content: added.content, structuredContent: added.structuredContent, isError: added.isError }).toStrictEqual({
    content: [{ type: 'text', text: '{"sum":5}' }],
    structuredContent: { sum: 5 },
    isError: false,
  });
  const failed = await client.callTool({ name: 'fail', arguments: { message: 'no luck' } });
  expect({ content: failed.content, isError: failed.isError }).toStrictEqual({
    content: [{ type: 'text', text: 'no luck' }],
    isError: true,
  });
  const unknown = await client.callTool({ name: 'nope', arguments: {} });
  expect({ content: unknown.content, isError: unknown.isError }).toStrictEqual({
    content: [{ type: 'text', text: 'unknown tool: nope' }],
    isError: true,
  });
  expect(
    await callsWithEveryUpdate((onprogress) =>
      client.callTool({ name: 'countdown', arguments: { from: 3, delayMs: 0 } }, { onprogress }),
    ),
  ).toBeGreaterThanOrEqual(PROGRESS_CALLS - 1);
  const controller = new AbortController();
  const slow = client.callTool(
    { name: 'countdown', arguments: { from: 100, delayMs: 50 } },
    { signal: controller.signal },
  );
  setTimeout(() => controller.abort(new Error('changed my mind')), 100);
  await expect(slow).rejects.toThrow('changed my mind');
  const echoed = await client.callTool({ name: 'echo', arguments: { after: 'cancel' } });
  expect(echoed.content).toStrictEqual([{ type: 'text', text: 'echo({"after":"cancel"})' }]);
  await exerciseDemoResources(client);
}

/** The demo resource, template and prompt, and completion of both, the same in both eras. */
export async function exerciseDemoResources(client: Client): Promise<void> {
  const { resources } = await client.listResources();
  expect(resources.map((resource) => resource.uri)).toStrictEqual(['demo://readme', 'demo://greeting/en']);
  const { resourceTemplates } = await client.listResourceTemplates();
  expect(resourceTemplates.map((template) => template.uriTemplate)).toStrictEqual(['demo://greeting/{language}']);
  const read = await client.readResource({ uri: 'demo://greeting/fr' });
  expect(read.contents).toStrictEqual([{ uri: 'demo://greeting/fr', mimeType: 'text/plain', text: 'Bonjour !' }]);
  const { prompts } = await client.listPrompts();
  expect(
    prompts.map((prompt) => [prompt.name, prompt.arguments?.map((argument) => [argument.name, argument.required])]),
  ).toStrictEqual([
    [
      'explain',
      [
        ['topic', true],
        ['level', false],
      ],
    ],
  ]);
  const prompt = await client.getPrompt({ name: 'explain', arguments: { topic: 'closures', level: 'expert' } });
  expect(prompt.messages).toStrictEqual([
    { role: 'user', content: { type: 'text', text: 'Explain closures to an expert, briefly.' } },
  ]);
  const topic = await client.complete({
    ref: { type: 'ref/prompt', name: 'explain' },
    argument: { name: 'topic', value: 'pr' },
  });
  expect(topic.completion).toStrictEqual({ values: ['promises', 'prototypes'], total: 2, hasMore: false });
  const language = await client.complete({
    ref: { type: 'ref/resource', uri: 'demo://greeting/{language}' },
    argument: { name: 'language', value: '' },
  });
  expect(language.completion).toStrictEqual({ values: ['en', 'fr', 'de', 'pt'], total: 4, hasMore: false });
}
