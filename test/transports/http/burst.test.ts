// 1,000 concurrent requests from several sessions on loopback: every one answered, none crossed.
import { Agent } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../../src/node.js';
import { callFrame, openSession, post, startServer } from './helpers.js';

const SESSIONS = 5;
const PER_SESSION = 200;

let handle: HttpServerHandle;
// 1,000 requests at once over at most 128 connections: a thousand simultaneous connects would
// overflow the listening socket's accept queue (Node's backlog, 511) and, on a loaded machine, see
// some reset by the kernel; what is tested here is that no answer crosses into another session.
const agent = new Agent({ keepAlive: true, maxSockets: 128 });
beforeAll(async () => {
  handle = await startServer();
});
afterAll(async () => {
  agent.destroy();
  await handle.close();
});

const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

/** Ids repeat across sessions on purpose: an answer routed to the wrong session would still parse. */
function expected(session: number, id: number): { frame: unknown; body: string } {
  if (id % 4 === 0) {
    const token = `s${session}-${id}`;
    const done = { content: [{ type: 'text', text: 'done' }], isError: false };
    return {
      frame: callFrame(id, 'chatty', {}, { progressToken: token }),
      body:
        event({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: 1, total: 2 },
        }) +
        event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'halfway' } }) +
        event({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: 2, total: 2 },
        }) +
        event({ jsonrpc: '2.0', id, result: done }),
    };
  }
  const args = { session, id };
  const text = `echo(${JSON.stringify(args)})`;
  return {
    frame: callFrame(id, 'echo', args),
    body: JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], isError: false } }),
  };
}

it('answers 1,000 concurrent requests from 5 sessions, each with its own response', async () => {
  const sessions = await Promise.all(Array.from({ length: SESSIONS }, () => openSession(handle.url, agent)));
  const jobs = sessions.flatMap((sessionId, session) =>
    Array.from({ length: PER_SESSION }, (_, id) => {
      const { frame, body } = expected(session, id);
      return post(handle.url, frame, { 'mcp-session-id': sessionId }, agent).then((res) => ({
        ok: res.status === 200 && res.body === body && res.headers['mcp-session-id'] === sessionId,
        session,
        id,
      }));
    }),
  );
  const results = await Promise.all(jobs);
  expect(results).toHaveLength(SESSIONS * PER_SESSION);
  expect(results.filter((result) => !result.ok)).toEqual([]);
});
