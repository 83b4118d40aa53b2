// Every fixture through Streamable HTTP too: the same frames as handle(), in order, key order included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type HttpServerHandle } from '../../src/index.js';
import { bundledServer, selectTools } from '../../src/bundled/tool-sets.js';
import { loadFixtures } from '../helpers/fixtures.js';
import { openSession, post } from './helpers.js';

const fixtures = loadFixtures();
const servers = new Map<string, HttpServerHandle>();

beforeAll(async () => {
  for (const set of ['server', 'demo'] as const) {
    const server = bundledServer(await selectTools(set));
    servers.set(set, await serveHttp(server, { port: 0, host: '127.0.0.1' }));
  }
});
afterAll(async () => {
  await Promise.all([...servers.values()].map((handle) => handle.close()));
});

/** The response frame of one POST: the JSON body, the last SSE event, or nothing for a 202. */
function responseOf(status: number, type: string | undefined, body: string): string | undefined {
  if (status === 202) return undefined;
  if (type === 'text/event-stream') return body.trimEnd().split('\n\n').at(-1)?.replace(/^event: message\ndata: /, '');
  return body;
}

describe.each(fixtures)('$name', (fixture) => {
  it('gives the expected frames through serveHttp (one session, in order)', async () => {
    const handle = servers.get(fixture.testCase.tools);
    if (handle === undefined) throw new Error(`no server for tool set ${String(fixture.testCase.tools)}`);
    // The session comes from an initialize of its own: fixtures may call tools cold, as the core allows.
    const session = await openSession(handle.url);
    const answers: string[] = [];
    for (const frame of fixture.testCase.requests) {
      const res = await post(handle.url, frame, { 'mcp-session-id': session });
      const answer = responseOf(res.status, res.headers['content-type'], res.body);
      if (answer !== undefined) answers.push(answer);
    }
    expect(answers).toStrictEqual(fixture.expected.responses.map((response) => JSON.stringify(response)));
  });
});
