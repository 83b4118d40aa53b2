// Search mode over Streamable HTTP: the handler's `discovery` option (one server, a listing endpoint
// and a search endpoint side by side), a 2026 call_tool POST whose Mcp-Name names call_tool (the
// tool it calls is not what the client named: naming it is -32020), toolsets composing with search,
// and a 2025 session on the search endpoint.
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { V2026, envelope } from '../../helpers/eras.js';
import { corpus, corpusToolsets } from '../../features/discovery/corpus.js';
import { McpServer } from '../../../src/index.js';
import { openSession, post } from './helpers.js';

const handles: HttpServerHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});
const server = () =>
  new McpServer({ name: 'code-host', version: '1.0.0', tools: [...corpus], toolsets: corpusToolsets });
async function start(options: Parameters<typeof serveHttp>[1] = {}): Promise<string> {
  const handle = await serveHttp(server(), { port: 0, host: '127.0.0.1', ...options });
  handles.push(handle);
  return handle.url;
}

const frame = (method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method,
  params: { ...params, _meta: envelope() },
});
const headers = (method: string, name?: string, more: Record<string, string> = {}) => ({
  'mcp-protocol-version': V2026,
  'mcp-method': method,
  ...(name === undefined ? {} : { 'mcp-name': name }),
  ...more,
});
async function names(url: string, more: Record<string, string> = {}) {
  const res = await post(url, frame('tools/list'), headers('tools/list', undefined, more));
  return (JSON.parse(res.body) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);
}

describe('the HTTP handler in search mode', () => {
  it("lists search mode's tools where discovery is search, every tool where it is not (one server)", async () => {
    const url = await start({ discovery: 'search' });
    expect(await names(url)).toStrictEqual(['search_code', 'get_me', 'search_tools', 'call_tool']);
    const listing = await start();
    expect((await names(listing)).length).toBe(10);
  });

  it('serves a 2026 call_tool whose Mcp-Name names call_tool; naming the tool it calls is -32020 (400)', async () => {
    const url = await start({ discovery: 'search' });
    const call = frame('tools/call', { name: 'call_tool', arguments: { name: 'get_me', arguments: {} } });
    const served = await post(url, call, headers('tools/call', 'call_tool'));
    expect({ status: served.status, body: JSON.parse(served.body) }).toStrictEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: 'get_me ran with {}' }],
          isError: false,
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'code-host', version: '1.0.0' } },
        },
      },
    });
    const misnamed = await post(url, call, headers('tools/call', 'get_me'));
    expect({ status: misnamed.status, body: JSON.parse(misnamed.body) }).toStrictEqual({
      status: 400,
      body: {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32020,
          message: 'Header mismatch',
          data: 'Mcp-Name header "get_me" does not match params.name "call_tool"',
        },
      },
    });
  });

  it('searches only the toolsets a request names (X-MCP-Toolsets, or the /x/ path)', async () => {
    const url = await start({ discovery: 'search' });
    const search = async (target: string, more: Record<string, string> = {}) => {
      const call = frame('tools/call', { name: 'search_tools', arguments: { query: 'list', detail: 'names' } });
      const res = await post(target, call, headers('tools/call', 'search_tools', more));
      const body = JSON.parse(res.body) as { result: { structuredContent: { tools: { name: string }[] } } };
      return body.result.structuredContent.tools.map((tool) => tool.name);
    };
    expect(await search(url)).toStrictEqual(['list_secrets', 'list_issues', 'list_pull_requests']);
    expect(await search(url, { 'x-mcp-toolsets': 'pulls' })).toStrictEqual(['list_pull_requests']);
    expect(await search(`${url}/x/issues`)).toStrictEqual(['list_issues']);
  });

  it('serves a 2025 session search mode too: its listing, and call_tool', async () => {
    const url = await start({ discovery: 'search' });
    const session = await openSession(url);
    const list = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': session });
    expect(
      (JSON.parse(list.body) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name),
    ).toStrictEqual(['search_code', 'get_me', 'search_tools', 'call_tool']);
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'call_tool', arguments: { name: 'close_issue', arguments: { repo: 'a/b', number: 2 } } },
    };
    const answered = await post(url, call, { 'mcp-session-id': session });
    expect(JSON.parse(answered.body)).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'close_issue ran with {"repo":"a/b","number":2}' }], isError: false },
    });
  });

  it('refuses a discovery mode it does not know when the handler is made', async () => {
    await expect(serveHttp(server(), { port: 0, discovery: 'lazy' as never })).rejects.toThrow(/discovery/);
  });
});
