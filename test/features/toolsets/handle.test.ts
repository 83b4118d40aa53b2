// Toolsets through handle(), in both eras: the defaults (those marked, else all), a selection
// named in the handle context, `all`, a tool in no toolset always served, a tool outside the
// selection unknown to tools/list and tools/call alike, an unknown name refused (-32600, never
// ignored), a 2025 session's own toolsets winning, scopes composing, and the definition checks.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, type AuthInfo } from '../../../src/index.js';
import { eraRequest as request, eraTextResult as result } from '../../helpers/eras.js';

const tool = (name: string, extra: Record<string, unknown> = {}) =>
  defineTool({ name, description: `The ${name} tool.`, input: z.object({}), handler: () => `${name} ran`, ...extra });
const toolsets = { issues: { description: 'Issues', default: true }, repos: { description: 'Repositories' } };
const make = (declared: Record<string, { description?: string; default?: boolean }> = toolsets) =>
  new McpServer({
    name: 'test-server',
    version: '1.2.3',
    toolsets: declared,
    tools: [
      tool('always'),
      tool('list_issues', { toolset: 'issues' }),
      tool('list_repos', { toolset: 'repos' }),
      tool('search', { toolset: ['issues', 'repos'] }),
      tool('admin_repos', { toolset: 'repos', scopes: ['admin'] }),
    ],
  });

describe.each(['2025', '2026'] as const)('toolsets, %s', (era) => {
  const names = async (server: McpServer, context: Parameters<McpServer['handle']>[1] = {}) => {
    const answer = (await server.handle(request(era, 1, 'tools/list'), context)) as unknown as {
      result: { tools: { name: string }[] };
    };
    return answer.result.tools.map((listed) => listed.name);
  };

  it('serves the toolsets marked default when a request names none; a tool in no toolset always', async () => {
    expect(await names(make())).toStrictEqual(['always', 'list_issues', 'search']);
  });

  it('serves every toolset when none is marked default', async () => {
    const server = make({ issues: { description: 'Issues' }, repos: {} });
    expect(await names(server)).toStrictEqual(['always', 'list_issues', 'list_repos', 'search', 'admin_repos']);
  });

  it('serves the selection a request names, and every toolset for "all"', async () => {
    const server = make();
    expect(await names(server, { toolsets: ['repos'] })).toStrictEqual([
      'always',
      'list_repos',
      'search',
      'admin_repos',
    ]);
    expect(await names(server, { toolsets: ['all'] })).toStrictEqual([
      'always',
      'list_issues',
      'list_repos',
      'search',
      'admin_repos',
    ]);
  });

  it('a tool outside the selection is an unknown tool to tools/call; inside it, it runs', async () => {
    const server = make();
    const call = (id: number, name: string) => request(era, id, 'tools/call', { name, arguments: {} });
    expect(await server.handle(call(1, 'list_repos'))).toStrictEqual(result(era, 1, 'unknown tool: list_repos', true));
    expect(await server.handle(call(2, 'list_repos'), { toolsets: ['repos'] })).toStrictEqual(
      result(era, 2, 'list_repos ran', false),
    );
    expect(await server.handle(call(3, 'always'), { toolsets: ['repos'] })).toStrictEqual(
      result(era, 3, 'always ran', false),
    );
  });

  it('refuses a selection naming a toolset the server does not declare, with the names it has (-32600)', async () => {
    const answer = await make().handle(request(era, 7, 'tools/list'), { toolsets: ['isues'] });
    expect(answer).toStrictEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32600,
        message: 'Invalid Request',
        data: 'unknown toolset "isues" (did you mean "issues"?): this server has the toolsets issues, repos (and "all")',
      },
    });
  });

  it('a server that declares no toolsets refuses a named one, and takes "all"', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3', tools: [tool('always')] });
    expect(await server.handle(request(era, 8, 'tools/list'), { toolsets: ['issues'] })).toStrictEqual({
      jsonrpc: '2.0',
      id: 8,
      error: {
        code: -32600,
        message: 'Invalid Request',
        data: 'unknown toolset "issues": this server has no toolsets',
      },
    });
    expect(await names(server, { toolsets: ['all'] })).toStrictEqual(['always']);
  });

  it('composes with scopes: a tool needs its toolset selected and its scopes granted', async () => {
    const reader: AuthInfo = { subject: 'u', scopes: [], claims: {} };
    const admin: AuthInfo = { subject: 'a', scopes: ['admin'], claims: {} };
    const server = make();
    expect(await names(server, { toolsets: ['repos'], auth: reader })).toStrictEqual([
      'always',
      'list_repos',
      'search',
    ]);
    expect(await names(server, { toolsets: ['repos'], auth: admin })).toStrictEqual([
      'always',
      'list_repos',
      'search',
      'admin_repos',
    ]);
    expect(await names(server, { auth: admin })).toStrictEqual(['always', 'list_issues', 'search']);
  });
});

describe('a 2025 session made with toolsets', () => {
  it('keeps them whatever a later request names', async () => {
    const server = make();
    const session = server.createSession({ toolsets: ['repos'] });
    const answer = (await server.handle(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { session, toolsets: ['issues'] },
    )) as unknown as {
      result: { tools: { name: string }[] };
    };
    expect(answer.result.tools.map((listed) => listed.name)).toStrictEqual([
      'always',
      'list_repos',
      'search',
      'admin_repos',
    ]);
  });
});

describe('the in-process client', () => {
  it('is served every toolset unless it names some', async () => {
    const server = make();
    expect((await server.listTools())?.map((listed) => listed.name)).toStrictEqual([
      'always',
      'list_issues',
      'list_repos',
      'search',
      'admin_repos',
    ]);
    expect((await server.listTools({ toolsets: ['issues'] }))?.map((listed) => listed.name)).toStrictEqual([
      'always',
      'list_issues',
      'search',
    ]);
    expect(await server.callTool('list_repos', {}, { toolsets: ['issues'] })).toStrictEqual({
      content: [{ type: 'text', text: 'unknown tool: list_repos' }],
      isError: true,
    });
  });
});

describe('declaring toolsets', () => {
  it('refuses a tool naming a toolset the server does not declare, naming both', () => {
    expect(() => new McpServer({ name: 's', version: '1', toolsets, tools: [tool('x', { toolset: 'wiki' })] })).toThrow(
      new TypeError('tool "x": toolset "wiki" is not one this server declares (it declares issues, repos)'),
    );
    expect(() => new McpServer({ name: 's', version: '1', tools: [tool('x', { toolset: 'wiki' })] })).toThrow(
      new TypeError('tool "x": toolset "wiki" is not one this server declares (it declares none)'),
    );
    const server = make();
    expect(() => server.addTool(tool('y', { toolset: 'wiki' }))).toThrow(
      new TypeError('tool "y": toolset "wiki" is not one this server declares (it declares issues, repos)'),
    );
  });

  it('refuses a malformed declaration, naming it', () => {
    const build = (declared: unknown) => () => new McpServer({ name: 's', version: '1', toolsets: declared as never });
    expect(build({ all: {} })).toThrow(
      new TypeError('toolsets: "all" is not a toolset name (1 to 64 of A-Z a-z 0-9 _ -, not "all")'),
    );
    expect(build({ 'has space': {} })).toThrow(
      new TypeError('toolsets: "has space" is not a toolset name (1 to 64 of A-Z a-z 0-9 _ -, not "all")'),
    );
    expect(build({ issues: { descripton: 'x' } })).toThrow(
      new TypeError('toolsets.issues: expected { description?, default? }, not descripton'),
    );
    expect(build({ issues: { default: 'yes' } })).toThrow(new TypeError('toolsets.issues.default: expected a boolean'));
    expect(build(['issues'])).toThrow(
      new TypeError('toolsets: expected an object of toolsets by name ({ issues: { description } })'),
    );
    expect(() => tool('z', { toolset: [] })).toThrow(
      new TypeError('tool "z": toolset must be a toolset\'s name, or a list of them'),
    );
  });

  it('a server without toolsets answers what it answered before (no filtering, nothing added)', async () => {
    const always = tool('always');
    const server = new McpServer({ name: 'test-server', version: '1.2.3', tools: [always] });
    expect(await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [always.descriptor] },
    });
    expect(Object.keys(always.descriptor)).toStrictEqual(['name', 'description', 'inputSchema']);
  });
});
