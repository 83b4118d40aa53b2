// serveStdio on in-memory streams: back-pressure, the in-flight cap, and the terminal hint.
import { PassThrough, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { McpServer } from '../../../src/server.js';
import { defineTool } from '../../../src/features/tools/define.js';
import { serverTools } from '../../../src/bundled/echo.js';
import { serveStdio } from '../../../src/transports/stdio/serve.js';

/** A sink that takes one chunk and then holds its callback until `release()`: a reader that stopped reading. */
class StalledSink extends Writable {
  readonly lines: string[] = [];
  #held: (() => void)[] = [];
  #stalled = true;

  constructor() {
    super({ highWaterMark: 64 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (this.#stalled) this.#held.push(callback);
    else callback();
  }

  release(): void {
    this.#stalled = false;
    for (const callback of this.#held.splice(0)) callback();
  }
}

const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('serveStdio in process', () => {
  it('stops reading while the output is full, and answers everything once it drains', async () => {
    const input = new PassThrough();
    const output = new StalledSink();
    const server = new McpServer({ name: 't', version: '1', tools: serverTools });
    const stdio = serveStdio(server, { input, output, handleSignals: false });
    input.write(Array.from({ length: 1000 }, (_, i) => ping(i)).join(''));
    await sleep(50);
    expect(input.isPaused()).toBe(true);
    expect(output.lines.length).toBeLessThan(10);
    output.release();
    await sleep(50);
    expect(input.isPaused()).toBe(false);
    input.end();
    await stdio.closed;
    expect(output.lines.map((line) => (JSON.parse(line) as { id: number }).id).toSorted((a, b) => a - b)).toStrictEqual(
      Array.from({ length: 1000 }, (_, i) => i),
    );
  });

  it('takes no more than maxInFlight requests at once', async () => {
    let running = 0;
    let peak = 0;
    const wait = defineTool({
      name: 'wait',
      description: '',
      input: z.object({}),
      handler: async () => {
        peak = Math.max(peak, ++running);
        await sleep(5);
        running--;
        return 'ok';
      },
    });
    const input = new PassThrough();
    const output = new PassThrough();
    const answers: string[] = [];
    output.on('data', (chunk: Buffer) => answers.push(...chunk.toString().split('\n').filter(Boolean)));
    const server = new McpServer({ name: 't', version: '1', tools: [wait] });
    const stdio = serveStdio(server, { input, output, handleSignals: false, maxInFlight: 4, graceMs: 5000 });
    const call = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"wait"}}\n`;
    input.end(Array.from({ length: 40 }, (_, i) => call(i)).join(''));
    await stdio.closed;
    expect(peak).toBe(4);
    expect(answers).toHaveLength(40);
  });

  it('says what it is on stderr when stdin is a terminal', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const stdio = serveStdio(new McpServer({ name: 't', version: '1' }), {
      input,
      output: new PassThrough(),
      handleSignals: false,
    });
    input.end();
    await stdio.closed;
    expect(write.mock.calls.map(([text]) => String(text))).toStrictEqual([
      'zod-mcp: an MCP server speaking JSON-RPC on stdin/stdout. Start it from an MCP client, ' +
        'or type one JSON-RPC message per line; Ctrl-D ends.\n',
    ]);
  });
});

describe('serveStdio at its in-flight cap', () => {
  const blocker = defineTool({
    name: 'block',
    description: 'runs until cancelled',
    input: z.object({}),
    handler: (_args, { signal }) =>
      new Promise<string>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
  });
  const call = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"block"}}\n`;
  const cancel = (id: number) => `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${id}}}\n`;

  it('still reads a cancel when every slot is taken, and the freed slot serves the next request', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const answers: string[] = [];
    output.on('data', (chunk: Buffer) => answers.push(...chunk.toString().split('\n').filter(Boolean)));
    const stdio = serveStdio(new McpServer({ name: 't', version: '1', tools: [blocker] }), {
      input,
      output,
      handleSignals: false,
      maxInFlight: 2,
    });
    input.write(call(1) + call(2) + cancel(1) + ping(3));
    await sleep(50);
    expect(answers).toStrictEqual(['{"jsonrpc":"2.0","id":3,"result":{}}']);
    input.end(cancel(2));
    await stdio.closed;
    expect(answers).toStrictEqual(['{"jsonrpc":"2.0","id":3,"result":{}}']);
  });

  it('drops a request that is cancelled before it started: no answer, and it never runs', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const answers: string[] = [];
    output.on('data', (chunk: Buffer) => answers.push(...chunk.toString().split('\n').filter(Boolean)));
    const stdio = serveStdio(new McpServer({ name: 't', version: '1', tools: [blocker, serverTools[0]!] }), {
      input,
      output,
      handleSignals: false,
      maxInFlight: 1,
    });
    const echo =
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"queued":true}}}\n';
    input.write(call(1) + echo + cancel(2));
    await sleep(50);
    input.end(cancel(1) + ping(3));
    await stdio.closed;
    expect(answers).toStrictEqual(['{"jsonrpc":"2.0","id":3,"result":{}}']);
  });

  it('drops a log message JSON cannot hold, and still answers the call', async () => {
    const logsBigint = defineTool({
      name: 'logs_bigint',
      description: '',
      input: z.object({}),
      handler: (_args, { log }) => {
        log('error', { n: 10n });
        return 'answered';
      },
    });
    const reported: unknown[] = [];
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const stdio = serveStdio(new McpServer({ name: 't', version: '1', tools: [logsBigint] }), {
      input,
      output,
      handleSignals: false,
      onError: (error) => reported.push(error),
    });
    input.end('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"logs_bigint"}}\n');
    await stdio.closed;
    expect(text).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"answered"}],"isError":false}}\n',
    );
    expect(reported).toHaveLength(1);
  });
});
