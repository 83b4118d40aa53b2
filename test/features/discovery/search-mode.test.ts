// Search mode through handle(), in both eras: the fixed listing, search_tools' ranking on a fixed
// corpus with exact results at each detail, call_tool answering exactly what a direct tools/call
// answers, and the tools a request may not see (outside its toolsets, app-only, beyond its token's
// scopes) never found and unknown to call_tool.
import { describe, expect, it } from 'vitest';
import type { AuthInfo, McpServer } from '../../../src/index.js';
import { serverInfoMeta, eraRequest as request, type EraName as Era } from '../../helpers/eras.js';
import { searchServer } from './corpus.js';

type Frame = { result: { tools: { name: string }[]; structuredContent: { tools: { name: string }[] } } };

const answer = (era: Era, id: number, result: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  result: era === '2026' ? { resultType: 'complete', ...result, ...serverInfoMeta() } : result,
});
const textResult = (era: Era, id: number, text: string, isError: boolean) =>
  answer(era, id, { content: [{ type: 'text', text }], isError });
const foundResult = (era: Era, id: number, tools: unknown[]) =>
  answer(era, id, {
    content: [{ type: 'text', text: JSON.stringify({ tools }) }],
    structuredContent: { tools },
    isError: false,
  });

const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';
const SEARCH_TOOLS = {
  name: 'search_tools',
  title: 'Search tools',
  description:
    "Finds this server's tools by what they do and answers the best matches, each with what calling it takes. " +
    'Most of its tools are not listed: search for one, then run it with call_tool.',
  inputSchema: {
    $schema: SCHEMA,
    type: 'object',
    properties: {
      query: {
        type: 'string',
        description: 'What the tool should do, in a few words: "create an issue", "list pull requests"',
      },
      limit: {
        default: 8,
        description: 'How many tools at most, best first (1 to 50; 8 when left out)',
        type: 'integer',
        minimum: 1,
        maximum: 50,
      },
      detail: {
        default: 'full',
        description:
          "What each tool found carries: 'names', 'summary' (with its description), 'full' (with its schemas)",
        type: 'string',
        enum: ['names', 'summary', 'full'],
      },
    },
    required: ['query'],
  },
  outputSchema: {
    $schema: SCHEMA,
    type: 'object',
    properties: {
      tools: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            title: { type: 'string' },
            description: { type: 'string' },
            inputSchema: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} },
            outputSchema: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} },
            annotations: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} },
          },
          required: ['name'],
          additionalProperties: false,
        },
      },
    },
    required: ['tools'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};
const callToolEntry = (annotations: Record<string, boolean>) => ({
  name: 'call_tool',
  title: 'Call a tool',
  description: 'Runs a tool search_tools found, by its name, with its arguments; answers what that tool answers.',
  inputSchema: {
    $schema: SCHEMA,
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, description: 'The name of a tool search_tools found' },
      arguments: {
        description: "The tool's arguments, as its inputSchema describes them",
        type: 'object',
        properties: {},
        additionalProperties: {},
      },
    },
    required: ['name'],
  },
  annotations,
});
const SEARCH_CODE = {
  name: 'search_code',
  description: 'Search code across repositories.',
  inputSchema: { $schema: SCHEMA, type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  annotations: { readOnlyHint: true },
  _meta: { 'anthropic/alwaysLoad': true },
};
const GET_ME = {
  name: 'get_me',
  description: 'Your own user profile: login, name and e-mail.',
  inputSchema: { $schema: SCHEMA, type: 'object', properties: {} },
  annotations: { readOnlyHint: true, openWorldHint: false },
  _meta: { 'anthropic/alwaysLoad': true },
};
const REPO = { type: 'string', description: 'The repository, as owner/name' };

describe.each(['2025', '2026'] as const)('search mode, %s', (era) => {
  const server = searchServer();
  const search = async (query: string, more: Record<string, unknown> = {}, on: McpServer = server, context = {}) => {
    const call = request(era, 1, 'tools/call', {
      name: 'search_tools',
      arguments: { query, detail: 'names', ...more },
    });
    const frame = (await on.handle(call, context)) as unknown as Frame;
    return frame.result.structuredContent.tools.map((tool) => tool.name);
  };

  it('lists the tools marked alwaysLoad, then search_tools, then call_tool with the least permissive hints', async () => {
    expect(await server.handle(request(era, 1, 'tools/list'))).toStrictEqual(
      answer(era, 1, {
        tools: [
          SEARCH_CODE,
          GET_ME,
          SEARCH_TOOLS,
          callToolEntry({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }),
        ],
        ...(era === '2026' ? { ttlMs: 0, cacheScope: 'private' } : {}),
      }),
    );
  });

  it.each([
    ['create an issue', ['create_issue', 'close_issue', 'list_issues']],
    ['createIssue', ['create_issue', 'close_issue', 'list_issues']],
    ['pull request', ['list_pull_requests', 'merge_pull_request']],
    ['listing pull requests', ['list_pull_requests', 'merge_pull_request', 'list_secrets', 'list_issues']],
    ['merge', ['merge_pull_request']],
    ['read a file', ['get_file_contents']],
    ['download', ['get_file_contents']],
    ['branch', ['delete_branch', 'merge_pull_request', 'get_file_contents']],
    ['profile email', ['get_me']],
  ])('ranks the corpus for %j', async (query, names) => {
    expect(await search(query)).toStrictEqual(names);
  });

  it('answers at each detail, in rank order, at most limit tools', async () => {
    const call = (id: number, detail?: string, limit?: number) =>
      request(era, id, 'tools/call', { name: 'search_tools', arguments: { query: 'issue', detail, limit } });
    expect(await server.handle(call(1, 'names', 2))).toStrictEqual(
      foundResult(era, 1, [{ name: 'create_issue' }, { name: 'close_issue' }]),
    );
    expect(await server.handle(call(2, 'summary', 1))).toStrictEqual(
      foundResult(era, 2, [{ name: 'create_issue', description: 'Create a new issue in a repository.' }]),
    );
    expect(await server.handle(call(3, undefined, 1))).toStrictEqual(
      foundResult(era, 3, [
        {
          name: 'create_issue',
          title: 'Create issue',
          description: 'Create a new issue in a repository.',
          inputSchema: {
            $schema: SCHEMA,
            type: 'object',
            properties: {
              repo: REPO,
              title: { type: 'string' },
              body: { description: 'The issue text, in Markdown', type: 'string' },
            },
            required: ['repo', 'title'],
          },
          annotations: { readOnlyHint: false, destructiveHint: false },
        },
      ]),
    );
  });

  it('answers an empty list, not an error, when nothing matches', async () => {
    const call = (id: number, query: string) =>
      request(era, id, 'tools/call', { name: 'search_tools', arguments: { query } });
    expect(await server.handle(call(1, 'zebra crossing'))).toStrictEqual(foundResult(era, 1, []));
    expect(await server.handle(call(2, ''))).toStrictEqual(foundResult(era, 2, []));
  });

  it('refuses bad search arguments with an isError result naming them', async () => {
    const call = request(era, 4, 'tools/call', { name: 'search_tools', arguments: { query: 'x', limit: 0 } });
    expect(await server.handle(call)).toStrictEqual(
      textResult(era, 4, 'Invalid arguments for tool search_tools: limit: Too small: expected number to be >=1', true),
    );
  });

  it('call_tool answers exactly what a direct tools/call of the tool answers', async () => {
    const args = { repo: 'octo/app', number: 7 };
    const direct = await server.handle(request(era, 5, 'tools/call', { name: 'close_issue', arguments: args }));
    expect(direct).toStrictEqual(textResult(era, 5, 'close_issue ran with {"repo":"octo/app","number":7}', false));
    const via = { name: 'call_tool', arguments: { name: 'close_issue', arguments: args } };
    expect(await server.handle(request(era, 5, 'tools/call', via))).toStrictEqual(direct);
    const bad = { name: 'call_tool', arguments: { name: 'close_issue', arguments: { repo: 'octo/app' } } };
    expect(await server.handle(request(era, 6, 'tools/call', bad))).toStrictEqual(
      textResult(era, 6, 'Invalid arguments for tool close_issue: number: missing, expected number', true),
    );
  });

  it("refuses call_tool's own bad arguments as call_tool's, and call_tool calling itself", async () => {
    const call = (id: number, args: unknown) => request(era, id, 'tools/call', { name: 'call_tool', arguments: args });
    expect(await server.handle(call(1, { tool: 'close_issue' }))).toStrictEqual(
      textResult(era, 1, 'Invalid arguments for tool call_tool: name: missing, expected string', true),
    );
    expect(await server.handle(call(2, { name: 'close_issue', arguments: [1] }))).toStrictEqual(
      textResult(era, 2, 'Invalid arguments for tool call_tool: arguments: expected object, received array', true),
    );
    expect(await server.handle(call(3, { name: 'call_tool', arguments: { name: 'get_me' } }))).toStrictEqual(
      textResult(era, 3, 'call_tool cannot run call_tool: give it the name of a tool search_tools found', true),
    );
  });

  it('a tool the request may not see is never found, and unknown to call_tool', async () => {
    const reader: AuthInfo = { subject: 'u', scopes: [], claims: {} };
    const admin: AuthInfo = { subject: 'a', scopes: ['admin:repo'], claims: {} };
    expect(await search('secret', {}, server, { auth: reader })).toStrictEqual([]);
    expect(await search('secret', {}, server, { auth: admin })).toStrictEqual(['list_secrets']);
    expect(await search('issue', {}, server, { toolsets: ['pulls'] })).toStrictEqual([]);
    expect(await search('refresh view')).toStrictEqual([]); // app-only, and this client renders no apps
    const via = (id: number, name: string) =>
      request(era, id, 'tools/call', { name: 'call_tool', arguments: { name, arguments: {} } });
    expect(await server.handle(via(1, 'close_issue'), { toolsets: ['pulls'] })).toStrictEqual(
      textResult(era, 1, 'unknown tool: close_issue', true),
    );
    expect(await server.handle(via(2, 'refresh_issue_view'))).toStrictEqual(
      textResult(era, 2, 'unknown tool: refresh_issue_view', true),
    );
    expect(await server.handle(via(3, 'no_such_tool'))).toStrictEqual(
      textResult(era, 3, 'unknown tool: no_such_tool', true),
    );
  });

  it('call_tool and the listing follow the selection: its annotations are those of what it reaches', async () => {
    const frame = (await server.handle(request(era, 1, 'tools/list'), { toolsets: ['issues'] })) as unknown as {
      result: { tools: { name: string; annotations?: unknown }[] };
    };
    expect(frame.result.tools.map((tool) => tool.name)).toStrictEqual(['get_me', 'search_tools', 'call_tool']);
    expect(frame.result.tools[2]!.annotations).toStrictEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
  });

  it('serves a request the full listing when its transport asks for list mode; search_tools is then unknown', async () => {
    const frame = (await server.handle(request(era, 1, 'tools/list'), { discovery: 'list' })) as unknown as Frame;
    expect(frame.result.tools.map((tool) => tool.name)).toStrictEqual([
      'create_issue',
      'list_issues',
      'close_issue',
      'list_pull_requests',
      'merge_pull_request',
      'get_file_contents',
      'delete_branch',
      'search_code',
      'get_me',
      'list_secrets',
    ]);
    const call = request(era, 2, 'tools/call', { name: 'search_tools', arguments: { query: 'x' } });
    expect(await server.handle(call, { discovery: 'list' })).toStrictEqual(
      textResult(era, 2, 'unknown tool: search_tools', true),
    );
  });

  it('still runs a tool called directly by name: search mode changes what is listed, not what may be called', async () => {
    const call = request(era, 9, 'tools/call', { name: 'get_me', arguments: {} });
    expect(await server.handle(call)).toStrictEqual(textResult(era, 9, 'get_me ran with {}', false));
  });
});
