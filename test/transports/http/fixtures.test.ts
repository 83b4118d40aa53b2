// Every fixture through Streamable HTTP too: the same frames as handle(), in order, key order included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { bundledServer, selectSet } from '../../../src/bundled/sets.js';
import { frameForEra } from '../../../src/cli/process-mode.js';
import { loadFixtures } from '../../helpers/fixtures.js';
import { openSession, post } from './helpers.js';

const fixtures = loadFixtures();
const servers = new Map<string, HttpServerHandle>();

beforeAll(async () => {
  for (const set of ['server', 'demo'] as const) {
    const server = bundledServer(await selectSet(set));
    servers.set(set, await serveHttp(server, { port: 0, host: '127.0.0.1' }));
  }
});
afterAll(async () => {
  await Promise.all([...servers.values()].map((handle) => handle.close()));
});

/** MCP-Protocol-Version as the frame's `_meta` claims it, Mcp-Method, and Mcp-Name for the methods that have one. */
function modernHeaders(frame: unknown): Record<string, string> {
  const { method, params } = (frame ?? {}) as {
    method?: unknown;
    params?: { name?: unknown; uri?: unknown; taskId?: unknown; _meta?: Record<string, unknown> };
  };
  const version = params?._meta?.['io.modelcontextprotocol/protocolVersion'];
  const name =
    method === 'tools/call' || method === 'prompts/get'
      ? params?.name
      : method === 'resources/read'
        ? params?.uri
        : typeof method === 'string' && method.startsWith('tasks/')
          ? params?.taskId
          : undefined;
  return {
    'mcp-protocol-version': typeof version === 'string' ? version : '2026-07-28',
    ...(typeof method === 'string' ? { 'mcp-method': method } : {}),
    ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
  };
}

/** The response frame of one POST: the JSON body, the last SSE event, or nothing for a 202. */
function responseOf(status: number, type: string | undefined, body: string): string | undefined {
  if (status === 202) return undefined;
  if (type === 'text/event-stream')
    return body
      .trimEnd()
      .split('\n\n')
      .at(-1)
      ?.replace(/^event: message\ndata: /, '');
  return body;
}

describe.each(fixtures)('$name', (fixture) => {
  it('gives the expected frames through serveHttp (one session, in order)', async () => {
    const handle = servers.get(fixture.testCase.tools);
    if (handle === undefined) throw new Error(`no server for tool set ${String(fixture.testCase.tools)}`);
    // 2025: the session comes from an initialize of its own (fixtures may call tools cold, as the core
    // allows). 2026: each POST stands alone, with the headers a 2026 client sends.
    const session = fixture.testCase.era === '2025' ? await openSession(handle.url) : undefined;
    const answers: string[] = [];
    for (const written of fixture.testCase.requests) {
      const frame = frameForEra(written, fixture.testCase.era);
      const headers = session === undefined ? modernHeaders(frame) : { 'mcp-session-id': session };
      const res = await post(handle.url, frame, headers);
      const answer = responseOf(res.status, res.headers['content-type'], res.body);
      if (answer !== undefined) answers.push(answer);
    }
    expect(answers).toStrictEqual(fixture.expected.responses.map((response) => JSON.stringify(response)));
  });
});
