// The 2026 era over a spawned `zod-mcp serve`: the probe, the pinned era, and a listen stream that the
// client cancels or that ends gracefully when stdin closes.
import { describe, expect, it } from 'vitest';
import { META, V2026, modern } from '../../helpers/eras.js';
import { StdioPeer } from '../../helpers/stdio-peer.js';

const line = (frame: unknown) => `${JSON.stringify(frame)}\n`;
const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'zod-mcp', version: '0.1.0' } };

describe('stdio, 2026', () => {
  it('answers the probe, then pins 2026 at the first request: initialize is refused after it', async () => {
    const peer = new StdioPeer(['serve']);
    peer.send(line(modern('server-discover-probe-1', 'server/discover')));
    expect(await peer.waitForId('server-discover-probe-1')).toStrictEqual({
      jsonrpc: '2.0',
      id: 'server-discover-probe-1',
      result: {
        resultType: 'complete',
        supportedVersions: [V2026],
        capabilities: { tools: { listChanged: false }, logging: {} },
        ttlMs: 0,
        cacheScope: 'private',
        _meta: serverInfo,
      },
    });
    peer.send(line(modern(0, 'tools/call', { name: 'echo', arguments: { x: 1 } })));
    expect(await peer.waitForId(0)).toMatchObject({
      result: { resultType: 'complete', content: [{ text: 'echo({"x":1})' }] },
    });
    peer.send(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
    );
    expect(await peer.waitForId(1)).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32022,
        message: 'Unsupported protocol version',
        data: { supported: [V2026], requested: '2025-11-25' },
      },
    });
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
  });

  it('a listen stream is acknowledged, cancelled by notifications/cancelled, and one still open ends gracefully at EOF', async () => {
    const peer = new StdioPeer(['serve']);
    peer.send(line(modern('a', 'subscriptions/listen', { notifications: { toolsListChanged: true } })));
    peer.send(line(modern('b', 'subscriptions/listen', { notifications: {} })));
    const acks = await peer.waitForLines(2);
    expect(acks.map((text) => JSON.parse(text) as unknown)).toStrictEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'a' }, notifications: {} },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'b' }, notifications: {} },
      },
    ]);
    peer.send(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'a', _meta: META } }));
    peer.send(line(modern(2, 'tools/list')));
    expect(await peer.waitForId(2)).toMatchObject({ result: { resultType: 'complete' } });
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
    const frames = peer.lines.map((text) => JSON.parse(text) as { id?: unknown });
    expect(frames.filter((frame) => frame.id === 'a')).toStrictEqual([]);
    expect(frames.filter((frame) => frame.id === 'b')).toStrictEqual([
      {
        jsonrpc: '2.0',
        id: 'b',
        result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'b', ...serverInfo } },
      },
    ]);
  });
});
