// ask_name and summarize (`serve --demo`) from the official clients: the SDK v2 client in each way it
// negotiates (modern: it fulfils input_required and retries on its own; legacy: it answers the
// server's requests) and the SDK v1 client (2025), over stdio and over HTTP.
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledServer, selectSet } from '../../../src/bundled/sets.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { NEGOTIATIONS } from '../../helpers/sdk-v2.js';
import { programJs } from '../../helpers/stdio-peer.js';

let handle: HttpServerHandle;
beforeAll(async () => {
  handle = await serveHttp(bundledServer(await selectSet('demo')), { port: 0, host: '127.0.0.1' });
});
afterAll(() => handle.close());

const capabilities = { elicitation: { form: {} }, sampling: {} };
const stdioArgs = { command: process.execPath, args: [programJs, 'serve', '--demo'], stderr: 'pipe' as const };

/** What the user and the model answer, and what the client saw asked. */
function answers() {
  const seen: { method: string; params: unknown }[] = [];
  let action: 'accept' | 'decline' | 'cancel' = 'accept';
  return {
    seen,
    setAction: (next: typeof action) => (action = next),
    elicit: (params: unknown) => {
      seen.push({ method: 'elicitation/create', params });
      return action === 'accept' ? { action, content: { name: 'Ada' } } : { action };
    },
    sample: (params: unknown) => {
      seen.push({ method: 'sampling/createMessage', params });
      return {
        role: 'assistant' as const,
        content: { type: 'text' as const, text: 'A short summary.' },
        model: 'test-model',
        stopReason: 'endTurn',
      };
    },
  };
}

const text = (result: object) => (result as { content: { text: string }[] }).content[0]!.text;

async function exercise(
  call: (name: string, args: Record<string, unknown>) => Promise<object>,
  peer: ReturnType<typeof answers>,
) {
  expect(text(await call('ask_name', {}))).toBe('Hello, Ada!');
  peer.setAction('decline');
  expect(text(await call('ask_name', {}))).toBe('The user declined to answer.');
  peer.setAction('cancel');
  expect(text(await call('ask_name', {}))).toBe('The user cancelled.');
  const summary = await call('summarize', { text: 'A long text about many things.' });
  expect({ text: text(summary), isError: (summary as { isError?: boolean }).isError }).toStrictEqual({
    text: 'A short summary.',
    isError: false,
  });
  const form = {
    type: 'object',
    properties: { name: { type: 'string', description: 'your name', minLength: 1 } },
    required: ['name'],
  };
  expect(peer.seen[0]).toMatchObject({
    method: 'elicitation/create',
    params: { message: 'What is your name?', requestedSchema: form },
  });
  expect(peer.seen.at(-1)).toMatchObject({
    method: 'sampling/createMessage',
    params: {
      systemPrompt: 'You write short, faithful summaries.',
      maxTokens: 200,
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: 'Summarize this text in a few sentences:\n\nA long text about many things.' },
        },
      ],
    },
  });
  expect(peer.seen.map((entry) => entry.method)).toStrictEqual([
    'elicitation/create',
    'elicitation/create',
    'elicitation/create',
    'sampling/createMessage',
  ]);
}

function clientV2(negotiation: (typeof NEGOTIATIONS)[number][1], peer: ReturnType<typeof answers>): ClientV2 {
  const client = new ClientV2(
    { name: 'ask-test', version: '2.0.0' },
    { capabilities, ...(negotiation === undefined ? {} : { versionNegotiation: negotiation as never }) },
  );
  client.setRequestHandler('elicitation/create', (request) => peer.elicit(request.params) as never);
  client.setRequestHandler('sampling/createMessage', (request) => peer.sample(request.params) as never);
  return client;
}

function clientV1(peer: ReturnType<typeof answers>): ClientV1 {
  const client = new ClientV1({ name: 'ask-test', version: '1.0.0' }, { capabilities });
  client.setRequestHandler(ElicitRequestSchema, (request) => peer.elicit(request.params) as never);
  client.setRequestHandler(CreateMessageRequestSchema, (request) => peer.sample(request.params) as never);
  return client;
}

describe.each(NEGOTIATIONS)('the SDK v2 client, %s, answers ask_name and summarize', (_name, negotiation, era) => {
  for (const transport of ['stdio', 'HTTP'] as const) {
    it(`over ${transport} (${era})`, async () => {
      const peer = answers();
      const client = clientV2(negotiation, peer);
      await client.connect(transport === 'stdio' ? new StdioV2(stdioArgs) : new HttpV2(new URL(handle.url)));
      try {
        expect(client.getProtocolEra()).toBe(era);
        await exercise((name, args) => client.callTool({ name, arguments: args }), peer);
      } finally {
        await client.close();
      }
    });
  }
});

describe('the SDK v1 client (2025) answers ask_name and summarize', () => {
  for (const transport of ['stdio', 'HTTP'] as const) {
    it(`over ${transport}`, async () => {
      const peer = answers();
      const client = clientV1(peer);
      await client.connect(transport === 'stdio' ? new StdioV1(stdioArgs) : new HttpV1(new URL(handle.url)));
      try {
        await exercise((name, args) => client.callTool({ name, arguments: args }), peer);
      } finally {
        await client.close();
      }
    });
  }

  it('a client that declared neither capability gets isError results that say why', async () => {
    const client = new ClientV1({ name: 'plain', version: '1.0.0' });
    await client.connect(new StdioV1(stdioArgs));
    try {
      const asked = await client.callTool({ name: 'ask_name', arguments: {} });
      expect(asked).toStrictEqual({
        content: [
          { type: 'text', text: 'cannot ask the client: it did not declare the elicitation capability (form)' },
        ],
        isError: true,
      });
      const sampled = await client.callTool({ name: 'summarize', arguments: { text: 'x' } });
      expect(sampled).toStrictEqual({
        content: [{ type: 'text', text: 'cannot ask the client: it did not declare the sampling capability' }],
        isError: true,
      });
    } finally {
      await client.close();
    }
  });
});
