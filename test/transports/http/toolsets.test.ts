// Toolsets over Streamable HTTP: a 2026 request names its own (the X-MCP-Toolsets header, or the
// path <endpoint>/x/<names>), else the handler's `toolsets`, else the server's defaults; a 2025
// session keeps what its initialize named; an unknown name, or a header and a path that disagree,
// is 400 with a JSON-RPC error, never ignored.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../src/index.js';
import { serveHttp, type HttpOptions, type HttpServerHandle } from '../../../src/node.js';
import { V2026, envelope } from '../../helpers/eras.js';
import { PROTOCOL, httpError, initializeFrame, post } from './helpers.js';

const tool = (name: string, toolset?: string) =>
  defineTool({ name, description: name, input: z.object({}), handler: () => name, ...(toolset ? { toolset } : {}) });
const makeServer = () =>
  new McpServer({
    name: 'sets',
    version: '1.0.0',
    toolsets: { issues: { description: 'Issues', default: true }, repos: { description: 'Repositories' } },
    tools: [tool('always'), tool('list_issues', 'issues'), tool('list_repos', 'repos')],
  });

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});
const start = async (options: HttpOptions = {}) =>
  (handle = await serveHttp(makeServer(), { port: 0, ...options })).url;

const listFrame = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } };
const v2026 = { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/list' };
/** A 2026 tools/list at `url`: the status and the tool names, or the body of a refusal. */
async function list(url: string, headers: Record<string, string> = {}) {
  const res = await post(url, listFrame, { ...v2026, ...headers });
  if (res.status !== 200) return { status: res.status, body: res.body };
  return {
    status: 200,
    tools: (JSON.parse(res.body) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name),
  };
}

describe('2026 requests', () => {
  it('name their toolsets in X-MCP-Toolsets or in the path; none named: the defaults', async () => {
    const url = await start();
    expect(await list(url)).toStrictEqual({ status: 200, tools: ['always', 'list_issues'] });
    expect(await list(url, { 'x-mcp-toolsets': 'repos' })).toStrictEqual({
      status: 200,
      tools: ['always', 'list_repos'],
    });
    expect(await list(url, { 'x-mcp-toolsets': ' repos , issues ' })).toStrictEqual({
      status: 200,
      tools: ['always', 'list_issues', 'list_repos'],
    });
    expect(await list(`${url}/x/repos`)).toStrictEqual({ status: 200, tools: ['always', 'list_repos'] });
    expect(await list(`${url}/x/all`)).toStrictEqual({ status: 200, tools: ['always', 'list_issues', 'list_repos'] });
    expect(await list(`${url}/x/repos`, { 'x-mcp-toolsets': 'repos' })).toStrictEqual({
      status: 200,
      tools: ['always', 'list_repos'],
    });
  });

  it('an unknown toolset, an empty header, or a header and a path that disagree: 400 with the JSON-RPC error', async () => {
    const url = await start();
    const known = 'this server has the toolsets issues, repos (and "all")';
    expect(await list(url, { 'x-mcp-toolsets': 'wiki' })).toStrictEqual({
      status: 400,
      body: httpError(`unknown toolset "wiki": ${known}`),
    });
    expect(await list(`${url}/x/isues`)).toStrictEqual({
      status: 400,
      body: httpError(`unknown toolset "isues" (did you mean "issues"?): ${known}`),
    });
    expect(await list(url, { 'x-mcp-toolsets': ' , ' })).toStrictEqual({
      status: 400,
      body: httpError('X-MCP-Toolsets names no toolset (give one or more names, or "all")'),
    });
    expect(await list(`${url}/x/repos`, { 'x-mcp-toolsets': 'issues' })).toStrictEqual({
      status: 400,
      body: httpError('X-MCP-Toolsets (issues) and the path (repos) name different toolsets'),
    });
  });

  it('a path under another endpoint is not the MCP endpoint (404)', async () => {
    const url = await start();
    const res = await post(url.replace('/mcp', '/other/x/repos'), listFrame, v2026);
    expect({ status: res.status, body: res.body }).toStrictEqual({
      status: 404,
      body: httpError('no MCP endpoint here: it is at /mcp'),
    });
  });

  it("the handler's toolsets stand for a request that names none; a name the server lacks refuses the handler", async () => {
    const url = await start({ toolsets: ['repos'] });
    expect(await list(url)).toStrictEqual({ status: 200, tools: ['always', 'list_repos'] });
    expect(await list(url, { 'x-mcp-toolsets': 'issues' })).toStrictEqual({
      status: 200,
      tools: ['always', 'list_issues'],
    });
    await expect(serveHttp(makeServer(), { port: 0, toolsets: ['wiki'] })).rejects.toThrow(
      new TypeError('toolsets: unknown toolset "wiki": this server has the toolsets issues, repos (and "all")'),
    );
  });
});

describe('a 2025 session', () => {
  it('keeps the toolsets its initialize named: a later request cannot change them', async () => {
    const url = await start();
    const init = await post(`${url}/x/repos`, initializeFrame());
    const session = init.headers['mcp-session-id'] as string;
    const inSession = { 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL };
    await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, inSession);
    const res = await post(
      url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { ...inSession, 'x-mcp-toolsets': 'issues' },
    );
    expect(
      (JSON.parse(res.body) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name),
    ).toStrictEqual(['always', 'list_repos']);
    const call = await post(
      url,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_issues', arguments: {} } },
      inSession,
    );
    expect(JSON.parse(call.body)).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'unknown tool: list_issues' }], isError: true },
    });
  });

  it('made with no toolsets named is served the defaults for good', async () => {
    const url = await start();
    const init = await post(url, initializeFrame());
    const inSession = { 'mcp-session-id': init.headers['mcp-session-id'] as string, 'mcp-protocol-version': PROTOCOL };
    const res = await post(
      url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { ...inSession, 'x-mcp-toolsets': 'repos' },
    );
    expect(
      (JSON.parse(res.body) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name),
    ).toStrictEqual(['always', 'list_issues']);
  });
});
