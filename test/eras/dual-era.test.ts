// One server, both eras: pinning on a connection that pins (stdio), tools that change while serving,
// and how each era hears of it (2025: a notification on the session; 2026: subscriptions/listen).
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Notification } from '../../schemas/jsonrpc.js';
import { McpServer, defineTool } from '../../src/index.js';
import { V2026, modern, serverInfoMeta } from '../helpers/eras.js';
import { request, wire } from '../helpers/server.js';

const tool = (name: string) =>
  defineTool({ name, description: `tool ${name}`, input: z.object({}), handler: () => name });
const initialize = (id: number, protocolVersion = '2025-11-25') =>
  request(id, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'c', version: '1' } });

function pinnedConnection(server: McpServer) {
  const sent: Notification[] = [];
  const session = server.createSession({ notify: (n) => sent.push(n), pinEra: true });
  return { sent, session, handle: (frame: unknown) => server.handle(frame, { session }) };
}

describe('a connection that pins its era (stdio)', () => {
  const server = new McpServer({ name: 'test-server', version: '1.2.3', tools: [tool('a')] });

  it('after initialize, a 2026 request is refused with the version the connection speaks', async () => {
    const { handle } = pinnedConnection(server);
    expect(await handle(initialize(1, '2025-06-18'))).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
    expect(wire(await handle(modern(2, 'tools/list')))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32022,
          message: 'Unsupported protocol version',
          data: { supported: ['2025-06-18'], requested: V2026 },
        },
      }),
    );
    expect(await handle(request(3, 'tools/list'))).toMatchObject({ id: 3, result: { tools: [{ name: 'a' }] } });
  });

  it('after a 2026 request, initialize is refused naming the 2026 versions, and every request needs the envelope', async () => {
    const { handle } = pinnedConnection(server);
    expect(await handle(modern(1, 'tools/list'))).toMatchObject({ result: { resultType: 'complete' } });
    expect(wire(await handle(initialize(2)))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32022,
          message: 'Unsupported protocol version',
          data: { supported: [V2026], requested: '2025-11-25' },
        },
      }),
    );
    expect(await handle(request(3, 'tools/list'))).toMatchObject({ id: 3, error: { code: -32602 } });
  });

  it('answers a server/discover probe in any state, and the probe pins nothing', async () => {
    const { handle } = pinnedConnection(server);
    expect(await handle(modern(1, 'server/discover'))).toMatchObject({ result: { supportedVersions: [V2026] } });
    expect(await handle(initialize(2))).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    expect(await handle(modern(3, 'server/discover'))).toMatchObject({ result: { supportedVersions: [V2026] } });
  });

  it('a request that does not run pins nothing: a malformed initialize, an unknown 2026 method', async () => {
    const { handle } = pinnedConnection(server);
    expect(await handle(request(1, 'initialize', { protocolVersion: 5 }))).toMatchObject({
      id: 1,
      error: { code: -32602 },
    });
    expect(await handle(modern(2, 'nope/nope'))).toMatchObject({ id: 2, error: { code: -32601 } });
    expect(await handle(initialize(3, '2025-03-26'))).toMatchObject({ result: { protocolVersion: '2025-03-26' } });
    expect(await handle(modern(4, 'tools/list'))).toMatchObject({
      error: { code: -32022, data: { supported: ['2025-03-26'], requested: V2026 } },
    });
  });

  it('serves requests sent before any initialize as 2025 without pinning (a cold tools/call)', async () => {
    const { handle } = pinnedConnection(server);
    expect(await handle(request(1, 'tools/call', { name: 'a' }))).toMatchObject({
      result: { content: [{ text: 'a' }] },
    });
    expect(await handle(modern(2, 'tools/list'))).toMatchObject({ result: { resultType: 'complete' } });
  });
});

describe('tools that change while serving', () => {
  it('a 2025 session that initialized hears notifications/tools/list_changed; tools/list shows the change', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3', tools: [tool('a')] });
    const { handle, sent } = pinnedConnection(server);
    await handle(initialize(1));
    server.addTool(tool('b'));
    expect(server.removeTool('a')).toBe(true);
    expect(server.removeTool('a')).toBe(false);
    expect(sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    ]);
    expect(await handle(request(2, 'tools/list'))).toMatchObject({ result: { tools: [{ name: 'b' }] } });
    expect(() => server.addTool(tool('b'))).toThrow(new TypeError('tool "b" is defined twice'));
  });

  it('a session that never initialized, or has closed, hears nothing', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3' });
    const cold = pinnedConnection(server);
    const closed = pinnedConnection(server);
    await closed.handle(initialize(1));
    closed.session.close();
    server.addTool(tool('a'));
    expect([cold.sent, closed.sent]).toStrictEqual([[], []]);
  });

  it('a server built with listChanged: false says so and refuses to change', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3', tools: [tool('a')], listChanged: false });
    expect(await server.handle(initialize(1))).toMatchObject({
      result: { capabilities: { tools: { listChanged: false } } },
    });
    expect(() => server.addTool(tool('b'))).toThrow(
      new TypeError('addTool("b"): this server was built with listChanged: false, so its tool list cannot change'),
    );
    expect(() => server.removeTool('a')).toThrow(TypeError);
  });
});

describe('subscriptions/listen', () => {
  const listen = (id: number | string, notifications: Record<string, unknown>) =>
    modern(id, 'subscriptions/listen', { notifications });
  const tagged = (id: number | string) => ({ _meta: { 'io.modelcontextprotocol/subscriptionId': id } });

  it('acknowledges first with the honoured subset, then delivers only what was asked for, tagged', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3' });
    const { handle, sent } = pinnedConnection(server);
    const pending = handle(
      listen('L', { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['file:///x'] }),
    );
    server.addTool(tool('a'));
    expect(sent).toStrictEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { ...tagged('L'), notifications: { toolsListChanged: true } },
      },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: tagged('L') },
    ]);
    expect(await handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'L' } })).toBeNull();
    expect(await pending).toBeNull();
    server.addTool(tool('b'));
    expect(sent).toHaveLength(2);
  });

  it('several streams at once, each with its own filter and id', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3' });
    const { handle, sent } = pinnedConnection(server);
    void handle(listen(1, { toolsListChanged: true }));
    void handle(listen(2, { promptsListChanged: true }));
    void handle(listen(3, { toolsListChanged: true }));
    sent.length = 0;
    server.addTool(tool('a'));
    expect(sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: tagged(1) },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: tagged(3) },
    ]);
  });

  it('ends gracefully on shutdown with a result tagged with its id; a closed stream (signal) ends with none', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3' });
    const { session } = pinnedConnection(server);
    const graceful = server.handle(listen(7, { toolsListChanged: true }), { session });
    const controller = new AbortController();
    const dropped = server.handle(listen(8, { toolsListChanged: true }), { session, signal: controller.signal });
    await sleep(1);
    controller.abort();
    expect(await dropped).toBeNull();
    session.endStreams();
    expect(wire(await graceful)).toBe(
      wire({
        jsonrpc: '2.0',
        id: 7,
        result: {
          resultType: 'complete',
          _meta: { 'io.modelcontextprotocol/subscriptionId': 7, ...serverInfoMeta()._meta },
        },
      }),
    );
    expect(session.inFlight.size).toBe(0);
  });

  it('a second listen with the id of one still open is -32600', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3' });
    const { handle } = pinnedConnection(server);
    void handle(listen(1, {}));
    await sleep(1);
    expect(await handle(listen(1, {}))).toMatchObject({
      id: 1,
      error: { code: -32600, data: 'id: 1 is already used by a call in flight' },
    });
  });
});
