// Every options object of the public API refuses a key it does not have, naming the closest one it
// has: a misspelled option throws where it was given instead of being ignored in silence.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  McpServer,
  Session,
  defineTool,
  definePrompt,
  defineResource,
  defineResourceTemplate,
  memoryTaskStore,
  toFetchHandler,
} from '../../src/index.js';
import { serveHttp, serveStdio, toNodeHandler } from '../../src/node.js';
import { redisEvents, redisTaskStore } from '../../src/redis.js';
import { workspaceTools } from '../../src/workspace.js';
import { skillsFrom } from '../../src/skills.js';

const tool = { name: 'add', description: 'Adds.', input: z.object({ a: z.number() }), handler: () => 'ok' };
const server = () => new McpServer({ name: 's', version: '1', tools: [defineTool(tool)] });
const auth = { issuer: 'http://127.0.0.1:9', resource: 'http://127.0.0.1:3000/mcp' };

const thrown: [string, () => unknown, string][] = [
  [
    'McpServer',
    () => new McpServer({ name: 's', version: '1', tool: [] } as never),
    'McpServer: unknown option "tool" (did you mean "tools"?)',
  ],
  [
    'McpServer icon',
    () => new McpServer({ name: 's', version: '1', icon: [] } as never),
    'McpServer: unknown option "icon" (did you mean "icons"?)',
  ],
  [
    'McpServer requestState',
    () => new McpServer({ name: 's', version: '1', requestState: { ttl: 5 } } as never),
    'requestState: unknown option "ttl" (did you mean "ttlMs"?)',
  ],
  [
    'McpServer tasks',
    () => new McpServer({ name: 's', version: '1', tasks: { maxTask: 5 } } as never),
    'tasks: unknown option "maxTask" (did you mean "maxTasks"?)',
  ],
  [
    'McpServer arguments',
    () => new McpServer({ name: 's', version: '1', arguments: { coerse: true } } as never),
    'McpServer: arguments: unknown option "coerse" (did you mean "coerce"?)',
  ],
  [
    'defineTool',
    () => defineTool({ ...tool, outputSchema: z.object({}) } as never),
    'tool "add": unknown option "outputSchema"',
  ],
  [
    'defineTool icons',
    () => defineTool({ ...tool, icons: [{ src: 'https://a.example/i.png', theme: 'dark', sise: ['any'] }] } as never),
    'tool "add": icons[0]: unknown option "sise" (did you mean "sizes"?)',
  ],
  [
    'defineTool',
    () => defineTool({ ...tool, timeout: 5 } as never),
    'tool "add": unknown option "timeout" (did you mean "timeoutMs"?)',
  ],
  [
    'defineResource',
    () => defineResource({ uri: 'a://b', name: 'b', reed: () => '' } as never),
    'resource "a://b": unknown option "reed" (did you mean "read"?)',
  ],
  [
    'defineResourceTemplate',
    () =>
      defineResourceTemplate({
        uriTemplate: 'a://{x}',
        name: 'x',
        variable: z.object({ x: z.string() }),
        read: () => '',
      } as never),
    'resource template "a://{x}": unknown option "variable" (did you mean "variables"?)',
  ],
  [
    'definePrompt',
    () => definePrompt({ name: 'p', description: 'p', args: z.object({}), get: () => 'x' } as never),
    'prompt "p": unknown option "args"',
  ],
  [
    'serveStdio',
    () => serveStdio(server(), { maxInflight: 3 } as never),
    'serveStdio: unknown option "maxInflight" (did you mean "maxInFlight"?)',
  ],
  [
    'toNodeHandler',
    () => toNodeHandler(server(), { pth: '/mcp' } as never),
    'toNodeHandler: unknown option "pth" (did you mean "path"?)',
  ],
  [
    'toFetchHandler',
    () => toFetchHandler(server(), { allowedHost: ['a'] } as never),
    'toFetchHandler: unknown option "allowedHost" (did you mean "allowedHosts"?)',
  ],
  [
    'toFetchHandler auth',
    () => toFetchHandler(server(), { auth: { ...auth, scope: ['a'] } } as never),
    'toFetchHandler: auth: unknown option "scope" (did you mean "scopes"?)',
  ],
  [
    'toNodeHandler auth.introspection',
    () =>
      toNodeHandler(server(), {
        auth: { ...auth, introspection: { clientId: 'a', clientSecret: 'b', endpiont: 'c' } },
      } as never),
    'toNodeHandler: auth.introspection: unknown option "endpiont" (did you mean "endpoint"?)',
  ],
  ['memoryTaskStore', () => memoryTaskStore({ max: 3 } as never), 'memoryTaskStore: unknown option "max"'],
  [
    'toNodeHandler tls',
    () => toNodeHandler(server(), { tls: { cert: 'c', key: 'k' } } as never),
    'toNodeHandler: unknown option "tls"',
  ],
  [
    'workspaceTools',
    () => workspaceTools({ root: '.', readonly: true } as never),
    'workspaceTools: unknown option "readonly" (did you mean "readOnly"?)',
  ],
  [
    'Session',
    () => new Session({ pinsEra: true } as never),
    'Session: unknown option "pinsEra" (did you mean "pinEra"?)',
  ],
];

const rejected: [string, () => Promise<unknown>, string][] = [
  [
    'serveHttp',
    () => serveHttp(server(), { prot: 0 } as never),
    'serveHttp: unknown option "prot" (did you mean "port"?)',
  ],
  [
    'serveHttp tls',
    () => serveHttp(server(), { port: 0, tls: { cert: 'c', key: 'k', passphrse: 'p' } } as never),
    'serveHttp: tls: unknown option "passphrse" (did you mean "passphrase"?)',
  ],
  [
    'redisTaskStore',
    () => redisTaskStore({ url: 'redis://127.0.0.1:9', lease: 5 } as never),
    'redisTaskStore: unknown option "lease" (did you mean "leaseMs"?)',
  ],
  [
    'redisEvents',
    () => redisEvents({ url: 'redis://127.0.0.1:9', prefx: 'a' } as never),
    'redisEvents: unknown option "prefx" (did you mean "prefix"?)',
  ],
  [
    'skillsFrom',
    () => skillsFrom(mkdtempSync(join(tmpdir(), 'zod-mcp-skills-')), { pagesize: 2 } as never),
    'skillsFrom: unknown option "pagesize" (did you mean "pageSize"?)',
  ],
  [
    'callTool',
    () => server().callTool('add', { a: 1 }, { onprogress: () => {} } as never),
    'tools/call: unknown option "onprogress" (did you mean "onProgress"?)',
  ],
  [
    'listTools',
    () => server().listTools({ sigal: undefined } as never),
    'tools/list: unknown option "sigal" (did you mean "signal"?)',
  ],
];

describe('a misspelled option', () => {
  it.each(thrown)('%s throws a TypeError naming it and the closest key', (_name, make, message) => {
    expect(make).toThrow(new TypeError(message));
  });

  it.each(rejected)('%s rejects with a TypeError naming it and the closest key', async (_name, make, message) => {
    await expect(make()).rejects.toThrow(new TypeError(message));
  });

  it('the option objects as given in the README still work', async () => {
    const s = new McpServer({
      name: 's',
      version: '1',
      tools: [defineTool({ ...tool, timeoutMs: 1000, arguments: { unknown: 'reject', coerce: true } })],
      requestState: { ttlMs: 1000 },
      tasks: { maxTasks: 2 },
    });
    expect(await s.callTool('add', { a: '1' }, { onProgress: () => {} })).toStrictEqual({
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
    });
  });
});
