import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineResource, defineResourceTemplate, definePrompt, defineTool, type AuthInfo } from '../../src/index.js';
import { envelope } from '../helpers/eras.js';

const token = (scopes: string[], subject = 'alice'): AuthInfo => ({ subject, scopes, issuer: 'https://as.example', claims: {} });
let completerRan = 0;
const server = new McpServer({
  name: 's', version: '1',
  tools: [defineTool({ name: 'open', description: 'o', input: z.object({}), handler: () => 'x' })],
  prompts: [definePrompt({ name: 'secret', description: 's', scopes: ['admin'], arguments: z.object({ customer: z.string(), tier: z.enum(['gold', 'platinum']) }),
    complete: { customer: (v) => { completerRan++; return ['ACME Corp (secret)', 'Initech (secret)'].filter((c) => c.toLowerCase().startsWith(v.toLowerCase())); } }, get: () => 'psst' })],
  resources: [
    defineResource({ uri: 'test://private', name: 'private', scopes: ['admin'], read: () => 'closed' }),
    defineResourceTemplate({ uriTemplate: 'test://doc/{id}', name: 'doc', variables: z.object({ id: z.string() }), scopes: ['admin'], complete: { id: () => ['doc-42-secret'] }, read: ({ id }) => id }),
  ],
});

describe('scope gaps', () => {
  it('completion/complete on a scoped prompt / template, token without scope', async () => {
    const a = await server.handle({ jsonrpc: '2.0', id: 1, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'secret' }, argument: { name: 'customer', value: '' } } }, { auth: token([]) });
    const b = await server.handle({ jsonrpc: '2.0', id: 2, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'secret' }, argument: { name: 'tier', value: '' } } }, { auth: token([]) });
    const c = await server.handle({ jsonrpc: '2.0', id: 3, method: 'completion/complete', params: { ref: { type: 'ref/resource', uri: 'test://doc/{id}' }, argument: { name: 'id', value: '' } } }, { auth: token([]) });
    const d = await server.handle({ jsonrpc: '2.0', id: 4, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'secret' }, argument: { name: 'customer', value: '' } , _meta: envelope() } }, { auth: token([]) });
    console.log('COMPLETE', JSON.stringify([a, b, c, d]), 'completerRan', completerRan);
  });
  it('resources/subscribe (2025) of a scoped resource and a 2026 listen on it, token without scope', async () => {
    const session = server.createSession();
    const init = await server.handle({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }, { session, auth: token([]) });
    const sub = await server.handle({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'test://private' } }, { session, auth: token([]) });
    const sub2 = await server.handle({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'test://nonexistent' } }, { session, auth: token([]) });
    const got2025: unknown[] = [];
    session.notify = (n) => got2025.push(n);
    const got: unknown[] = [];
    const s2 = server.createSession({ acceptsResponses: false });
    void server.handle({ jsonrpc: '2.0', id: 9, method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: ['test://private'] }, _meta: envelope() } }, { session: s2, auth: token([]), notify: (n) => got.push(n) });
    await new Promise((r) => setTimeout(r, 50));
    server.notifyResourceUpdated('test://private');
    await new Promise((r) => setTimeout(r, 50));
    console.log('SUBSCRIBE', JSON.stringify(sub), JSON.stringify(sub2), 'got2025', JSON.stringify(got2025), 'LISTEN got', JSON.stringify(got));
    s2.close(); session.close();
    expect(init).toBeTruthy();
  });
});
