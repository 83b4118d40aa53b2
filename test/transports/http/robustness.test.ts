// Edge cases found in review: a GET stream ended before it flushed, and a server bound to 127.0.0.2.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../../../src/index.js';
import { serveHttp } from '../../../src/node.js';
import { echo } from '../../../src/demo.js';
import { initializeFrame, post, send } from './helpers.js';

describe('HTTP robustness', () => {
  it('survives ending a GET stream that has not flushed yet (keep-alive must not write after end)', async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    const http = await serveHttp(new McpServer({ name: 't', version: '1', tools: [echo] }), {
      port: 0,
      keepAliveMs: 50,
    });
    try {
      const open = async () => (await post(http.url, initializeFrame())).headers['mcp-session-id'] as string;
      const [a, b] = [await open(), await open()];
      // Two GETs pipelined on one socket: B's stream waits behind A's endless one, unflushed.
      const socket = net.connect(http.port, '127.0.0.1');
      socket.on('error', () => undefined);
      const get = (id: string) =>
        `GET /mcp HTTP/1.1\r\nHost: localhost:${http.port}\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${id}\r\n\r\n`;
      socket.write(get(a) + get(b));
      await sleep(100);
      expect((await send(http.url, { method: 'DELETE', headers: { 'mcp-session-id': b } })).status).toBe(204);
      await sleep(250); // five keep-alive ticks
      socket.destroy();
      expect(errors).toStrictEqual([]);
    } finally {
      process.off('uncaughtException', onError);
      await http.close();
    }
  });

  it('bound to another loopback address, accepts its own URL', async () => {
    const http = await serveHttp(new McpServer({ name: 't', version: '1' }), { port: 0, host: '127.0.0.2' });
    try {
      expect(http.url).toBe(`http://127.0.0.2:${http.port}/mcp`);
      const response = await post(http.url, initializeFrame());
      expect(response.status).toBe(200);
    } finally {
      await http.close();
    }
  });

  it('a repeated Mcp-Session-Id header counts as none: 400', async () => {
    const http = await serveHttp(new McpServer({ name: 't', version: '1' }), { port: 0 });
    try {
      const id = (await post(http.url, initializeFrame())).headers['mcp-session-id'] as string;
      const body = '{"jsonrpc":"2.0","id":2,"method":"ping"}';
      const raw =
        `POST /mcp HTTP/1.1\r\nHost: localhost:${http.port}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nMcp-Session-Id: ${id}\r\nMcp-Session-Id: ${id}\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = net.connect(http.port, '127.0.0.1', () => socket.end(raw));
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(
        answer.endsWith(
          '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request","data":"Mcp-Session-Id header is required: send initialize first"}}',
        ),
      ).toBe(true);
    } finally {
      await http.close();
    }
  });
});
