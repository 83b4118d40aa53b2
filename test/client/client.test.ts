// The client under what real servers do: a 2025-only server that never answers the 2026 probe, a
// 2025 server's ping, a task created already ended, an HTTP answer on an event stream.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import { inProcessWire } from '../../src/client/in-process.js';
import { readEvents } from '../../src/client/sse.js';
import { stdioWire } from '../../src/client/stdio.js';
import type { Frame, Wire } from '../../src/client/wire.js';
import { WireError } from '../../src/client/wire.js';
import { takeSnapshot } from '../../src/contract/snapshot.js';
import { canonicalSchema } from '../../src/contract/canonical.js';
import { coerceArguments } from '../../src/cli/coerce.js';
import { defineTool, McpServer } from '../../src/index.js';

/** A stdio server of the 2025 era that answers initialize and tools/call, and ignores everything else. */
const LEGACY = `
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const m = JSON.parse(line);
  const send = (result) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
  if (m.method === 'initialize')
    send({ protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'legacy', version: '9' } });
  if (m.method === 'tools/call') send({ content: [{ type: 'text', text: 'legacy answer' }] });
});`;

describe('McpClient', () => {
  it('takes a server that never answers server/discover for a 2025 one, after the probe time', async () => {
    const client = await McpClient.open(stdioWire(process.execPath, ['-e', LEGACY]), { probeMs: 300 });
    try {
      expect([client.era, client.protocolVersion]).toStrictEqual(['2025', '2025-06-18']);
      expect(await client.callTool('anything')).toStrictEqual({ content: [{ type: 'text', text: 'legacy answer' }] });
    } finally {
      await client.close();
    }
  });

  it("answers a 2025 server's ping itself, and the call goes on", async () => {
    const sent: Frame[] = [];
    const wire: Wire = {
      async exchange(request, onMessage) {
        if (request.method === 'initialize')
          return { jsonrpc: '2.0', id: request.id, result: { protocolVersion: '2025-11-25', capabilities: {} } };
        onMessage({ jsonrpc: '2.0', id: 'p1', method: 'ping' });
        return { jsonrpc: '2.0', id: request.id, result: { content: [] } };
      },
      async send(message) {
        sent.push(message);
      },
      async close() {},
    };
    const client = await McpClient.open(wire, { era: '2025' });
    expect(await client.callTool('t')).toStrictEqual({ content: [] });
    expect(sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'p1', result: {} },
    ]);
  });

  it('fetches the result of a task that was created already ended', async () => {
    const quick = defineTool({
      name: 'quick',
      description: 'Answers at once, as a task.',
      input: z.object({}),
      task: 'required',
      handler: () => 'at once',
    });
    const oops = defineTool({
      name: 'oops',
      description: 'Fails at once, as a task.',
      input: z.object({}),
      task: 'required',
      handler: () => {
        throw new Error('broke');
      },
    });
    const server = new McpServer({ name: 't', version: '1.0.0', tools: [quick, oops] });
    const client = await McpClient.open(
      inProcessWire((frame, context) => server.handle(frame, context)),
      {
        era: '2026',
        tasks: true,
      },
    );
    expect(await client.callTool('quick')).toStrictEqual({
      content: [{ type: 'text', text: 'at once' }],
      isError: false,
    });
    expect(await client.callTool('oops')).toStrictEqual({ content: [{ type: 'text', text: 'broke' }], isError: true });
  });

  it('fails a snapshot whose era could not be reached, rather than leave the era out', async () => {
    const server = new McpServer({ name: 't', version: '1.0.0', tools: [] });
    const open = async (era: '2025' | '2026') => {
      if (era === '2025') throw new WireError('the server exited with code 1');
      return McpClient.open(
        inProcessWire((frame, context) => server.handle(frame, context)),
        { era },
      );
    };
    await expect(takeSnapshot(open)).rejects.toThrow('the server exited with code 1');
  });
});

describe('reading events', () => {
  it('joins data lines, skips comments and fields, and takes CR, LF and CRLF split across chunks', async () => {
    const chunks = [': keep-alive\r', '\nevent: message\ndata: {"a":\r\ndata: 1}\r', '\n\r\nid: 7\ndata: 2\n\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const events: string[] = [];
    for await (const data of readEvents(body)) events.push(data);
    expect(events).toStrictEqual(['{"a":\n1}', '2']);
  });
});

describe('canonical schemas and arguments', () => {
  it('orders the keys inside a tuple of items too', () => {
    const a = {
      type: 'array',
      items: [
        { type: 'string', title: 'x' },
        { title: 'y', type: 'number' },
      ],
    };
    const b = {
      items: [
        { title: 'x', type: 'string' },
        { type: 'number', title: 'y' },
      ],
      type: 'array',
    };
    expect(JSON.stringify(canonicalSchema(a, false))).toBe(JSON.stringify(canonicalSchema(b, false)));
    expect(canonicalSchema(a, true)).toStrictEqual({ items: [{ type: 'string' }, { type: 'number' }], type: 'array' });
  });

  it('reads a key of a tool that takes any, and JSON null as null', () => {
    const loose = { type: 'object', properties: {}, additionalProperties: {} };
    expect(coerceArguments('t', loose, ['n=null', 'k=2', 's=x'])).toStrictEqual({ n: null, k: 2, s: 'x' });
    const plain = { type: 'object', properties: { a: { type: 'number' } } };
    expect(() => coerceArguments('t', plain, ['b=1'])).toThrow(
      'call: t has no argument b (did you mean a?): it takes a',
    );
  });
});
