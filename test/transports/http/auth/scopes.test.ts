// Scopes through handle(): what a verified token (HandleContext.auth) may list, call, get and read,
// in both eras; what a request without one may; and the principal a token binds work to.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  McpServer,
  defineResource,
  defineResourceTemplate,
  definePrompt,
  defineTool,
  type AuthInfo,
} from '../../../../src/index.js';
import { envelope } from '../../../helpers/eras.js';

const token = (scopes: string[], subject = 'alice'): AuthInfo => ({
  subject,
  scopes,
  issuer: 'https://as.example',
  claims: {},
});
const server = new McpServer({
  name: 's',
  version: '1',
  tools: [
    defineTool({
      name: 'open',
      description: 'o',
      input: z.object({}),
      handler: (_a, ctx) => `hello ${ctx.auth?.subject ?? 'nobody'}`,
    }),
    defineTool({ name: 'admin', description: 'a', input: z.object({}), scopes: ['admin'], handler: () => 'done' }),
  ],
  prompts: [definePrompt({ name: 'secret', description: 's', scopes: ['prompts:secret'], get: () => 'psst' })],
  resources: [
    defineResource({ uri: 'test://public', name: 'public', read: () => 'open' }),
    defineResource({ uri: 'test://private', name: 'private', scopes: ['files:read'], read: () => 'closed' }),
    defineResourceTemplate({
      uriTemplate: 'test://doc/{id}',
      name: 'doc',
      variables: z.object({ id: z.string() }),
      scopes: ['files:read'],
      read: ({ id }) => id,
    }),
  ],
  tasks: {},
});

const eras = [
  [
    '2026',
    (method: string, params: object) => ({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope() } }),
  ],
  ['2025', (method: string, params: object) => ({ jsonrpc: '2.0', id: 1, method, params })],
] as const;

describe.each(eras)('scopes on %s', (_era, frame) => {
  const send = (method: string, params: object, auth?: AuthInfo) =>
    server.handle(frame(method, params), auth === undefined ? {} : { auth }) as Promise<Record<string, any>>;

  it('lists show what the token may use; without a token everything is listed', async () => {
    const names = async (method: string, key: string, auth?: AuthInfo) =>
      (await send(method, {}, auth)).result[key].map((item: { name: string }) => item.name);
    expect(await names('tools/list', 'tools', token([]))).toStrictEqual(['open']);
    expect(await names('tools/list', 'tools', token(['admin']))).toStrictEqual(['open', 'admin']);
    expect(await names('tools/list', 'tools')).toStrictEqual(['open', 'admin']);
    expect(await names('prompts/list', 'prompts', token([]))).toStrictEqual([]);
    expect(await names('resources/list', 'resources', token([]))).toStrictEqual(['public']);
    expect(await names('resources/templates/list', 'resourceTemplates', token([]))).toStrictEqual([]);
    expect(await names('resources/templates/list', 'resourceTemplates', token(['files:read']))).toStrictEqual(['doc']);
  });

  it('using what the token may not: -32003 with the scopes; with them: the answer', async () => {
    const denied = (required: string[], detail: string) => ({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32003, message: 'Insufficient scope', data: { requiredScopes: required, detail } },
    });
    expect(await send('tools/call', { name: 'admin', arguments: {} }, token(['x']))).toStrictEqual(
      denied(['admin'], 'tool admin needs the scope admin'),
    );
    expect(await send('prompts/get', { name: 'secret' }, token([]))).toStrictEqual(
      denied(['prompts:secret'], 'prompt secret needs the scope prompts:secret'),
    );
    expect(await send('resources/read', { uri: 'test://private' }, token([]))).toStrictEqual(
      denied(['files:read'], 'resource "test://private" needs the scope files:read'),
    );
    expect(await send('resources/read', { uri: 'test://doc/7' }, token([]))).toStrictEqual(
      denied(['files:read'], 'resource template "test://doc/{id}" needs the scope files:read'),
    );
    expect((await send('tools/call', { name: 'admin', arguments: {} }, token(['admin']))).result.content[0].text).toBe(
      'done',
    );
    expect((await send('resources/read', { uri: 'test://doc/7' }, token(['files:read']))).result.contents[0].text).toBe(
      '7',
    );
    expect(await send('tools/call', { name: 'open', arguments: {} }, token([]))).toMatchObject({
      result: { content: [{ text: 'hello alice' }] },
    });
  });
});

describe('a token binds work to its issuer and subject', () => {
  it('a task of one subject is unknown to another', async () => {
    const job = new McpServer({
      name: 's',
      version: '1',
      tools: [
        defineTool({ name: 'job', description: 'j', input: z.object({}), task: 'required', handler: async () => 'ok' }),
      ],
    });
    const meta = envelope({
      'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    });
    const send = (method: string, params: object, auth: AuthInfo) =>
      job.handle({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }, { auth }) as Promise<
        Record<string, any>
      >;
    const { taskId } = (await send('tools/call', { name: 'job', arguments: {} }, token([], 'alice'))).result;
    expect((await send('tasks/get', { taskId }, token([], 'alice'))).result.status).toBe('completed');
    expect(await send('tasks/get', { taskId }, token([], 'bob'))).toMatchObject({ error: { code: -32602 } });
  });
});
