// Change events over HTTP: a 2025 session hears them on its GET stream while it lives, and nothing that
// cannot hear them any more (a deleted session, a stateless POST, a refused initialize) stays subscribed.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, memoryEvents, type EventBus } from '../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { echo } from '../../../src/demo.js';
import { initializeFrame, openSession, post, send } from './helpers.js';

/** The in-memory bus, counting its live subscriptions. */
function countingBus(): EventBus & { live: () => number } {
  const inner = memoryEvents();
  let live = 0;
  return {
    publish: (event) => inner.publish(event),
    subscribe(listener) {
      live++;
      const unsubscribe = inner.subscribe(listener);
      let done = false;
      return () => {
        if (!done) live--;
        done = true;
        unsubscribe();
      };
    },
    live: () => live,
  };
}

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const tool = defineTool({ name: 'late', description: 'added later', input: z.object({}), handler: () => '' });

describe('change events over HTTP', () => {
  it('a session hears tools/list_changed on its GET stream; once deleted it is unsubscribed', async () => {
    const events = countingBus();
    const server = new McpServer({ name: 't', version: '1', tools: [echo], events });
    handle = await serveHttp(server, { port: 0 });
    const session = await openSession(handle.url);
    expect(events.live()).toBe(1);
    const stream = new Promise<string>((resolve, reject) => {
      const url = new URL(handle!.url);
      import('node:http').then(({ request }) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'GET',
            headers: { accept: 'text/event-stream', 'mcp-session-id': session },
          },
          (res) => {
            let body = '';
            let added = false;
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
              if (!added && body.includes(': stream open')) {
                added = true;
                server.addTool(tool);
              }
              if (body.includes('list_changed')) {
                req.destroy();
                resolve(body);
              }
            });
          },
        );
        req.on('error', reject);
        req.end();
      }, reject);
    });
    expect(await stream).toContain(
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n',
    );
    expect((await send(handle.url, { method: 'DELETE', headers: { 'mcp-session-id': session } })).status).toBe(204);
    expect(events.live()).toBe(0);
  });

  it('a stateless server keeps no subscription after an initialize', async () => {
    const events = countingBus();
    handle = await serveHttp(new McpServer({ name: 't', version: '1', tools: [echo], events }), {
      port: 0,
      stateless: true,
    });
    for (let i = 0; i < 3; i++) expect((await post(handle.url, initializeFrame(i))).status).toBe(200);
    expect(events.live()).toBe(0);
  });

  it('an initialize refused because the session table is full keeps no subscription', async () => {
    const events = countingBus();
    handle = await serveHttp(new McpServer({ name: 't', version: '1', tools: [echo], events }), {
      port: 0,
      maxSessions: 1,
    });
    await openSession(handle.url);
    expect((await post(handle.url, initializeFrame(2))).status).toBe(503);
    expect(events.live()).toBe(1);
  });
});
