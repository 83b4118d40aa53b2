// serveStdio on in-memory streams: back-pressure, the in-flight cap, and the terminal hint.
import { PassThrough, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { McpServer } from '../../src/mcp.js';
import { defineTool } from '../../src/tool.js';
import { serverTools } from '../../src/tools/echo.js';
import { serveStdio } from '../../src/transports/stdio.js';

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
    const stdio = serveStdio(new McpServer({ name: 't', version: '1' }), { input, output: new PassThrough(), handleSignals: false });
    input.end();
    await stdio.closed;
    expect(write.mock.calls.map(([text]) => String(text))).toStrictEqual([
      'zod-mcp: an MCP server speaking JSON-RPC on stdin/stdout. Start it from an MCP client ' +
        '(e.g. `claude mcp add zod-mcp -- npx zod-mcp serve`), or type one JSON-RPC message per line; Ctrl-D ends.\n',
    ]);
  });
});
