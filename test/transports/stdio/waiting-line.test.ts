// Every slot taken by long calls and more waiting for one: the reader keeps reading (cancels, a
// ping), a request past the waiting line is refused at once, and stdin's end answers every request
// it read. In a spawned `zod-mcp serve --demo`, and in process where the limits are set small.
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverTools } from '../../../src/bundled/echo.js';
import { defineResource } from '../../../src/features/resources/define.js';
import { defineTool } from '../../../src/features/tools/define.js';
import { McpServer } from '../../../src/server.js';
import { serveStdio, type StdioOptions } from '../../../src/transports/stdio/serve.js';
import { StdioPeer } from '../../helpers/stdio-peer.js';

const countdown = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"countdown","arguments":{"from":1000,"delayMs":60000}}}\n`;
const cancel = (id: number) => `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${id}}}\n`;
const stopped = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"tool countdown was stopped: the server is shutting down"}],"isError":true}}`;
const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** The response lines, by id; every other line must be one of countdown's log messages. */
function responses(lines: string[]): string[] {
  const others = lines.filter((line) => line.includes('"method"'));
  expect(others.filter((line) => !line.startsWith('{"jsonrpc":"2.0","method":"notifications/message"'))).toStrictEqual(
    [],
  );
  const answers = lines.filter((line) => !line.includes('"method"'));
  const idOf = (line: string) => (JSON.parse(line) as { id: number }).id;
  return answers.toSorted((a, b) => idOf(a) - idOf(b));
}

let peer: StdioPeer | undefined;
afterEach(() => {
  peer?.child.kill('SIGKILL');
  peer = undefined;
});

describe('stdio with every slot taken', () => {
  it('reads 600 cancels behind 600 long calls, and answers a ping after them', { timeout: 15_000 }, async () => {
    peer = new StdioPeer();
    peer.send(ids(600).map(countdown).join(''));
    peer.send(`${ids(600).map(cancel).join('')}{"jsonrpc":"2.0","id":9999,"method":"ping"}\n`);
    expect(await peer.waitForId(9999, 5000)).toStrictEqual({ jsonrpc: '2.0', id: 9999, result: {} });
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
    // A cancelled call gets no answer (MCP "Cancellation"), whether it was running or waiting.
    expect(responses(peer.lines)).toStrictEqual(['{"jsonrpc":"2.0","id":9999,"result":{}}']);
  });

  it('answers each of 500 calls once when stdin ends: the 256 running and the 244 waiting are stopped alike', {
    timeout: 15_000,
  }, async () => {
    peer = new StdioPeer();
    peer.send(ids(500).map(countdown).join(''));
    expect(await Promise.race([peer.end(), sleep(8000).then(() => 'still running after 8 s')])).toStrictEqual({
      code: 0,
      signal: null,
    });
    expect(responses(peer.lines)).toStrictEqual(ids(500).map(stopped));
  });
});

describe('serveStdio with a small waiting line', () => {
  let started = 0;
  const blocker = defineTool({
    name: 'block',
    description: 'runs until aborted',
    input: z.object({}),
    handler: (_args, { signal }) => {
      started++;
      return new Promise<string>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
  });
  const note = defineResource({
    uri: 'test://note',
    name: 'note',
    read: () => {
      started++;
      return 'a note';
    },
  });
  const call = (id: number, name = 'block') =>
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${name}"}}\n`;
  const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`;
  const busy = (id: number) =>
    `{"jsonrpc":"2.0","id":${id},"error":{"code":-32600,"message":"Invalid Request","data":"too many requests in flight (limit 1 running, and 1 or 67108864 bytes of them waiting); retry later"}}`;

  function serve(options: StdioOptions = {}) {
    started = 0;
    const input = new PassThrough();
    const output = new PassThrough();
    const answers: string[] = [];
    output.on('data', (chunk: Buffer) => answers.push(...chunk.toString().split('\n').filter(Boolean)));
    const server = new McpServer({ name: 't', version: '1', tools: [blocker, ...serverTools], resources: [note] });
    const stdio = serveStdio(server, {
      input,
      output,
      handleSignals: false,
      maxInFlight: 1,
      maxWaiting: 1,
      ...options,
    });
    return { input, answers, closed: stdio.closed };
  }

  it('refuses a request past the waiting line at once, and still reads the cancels behind it', async () => {
    const { input, answers, closed } = serve();
    input.write(call(1) + call(2) + call(3) + ping(4));
    await sleep(50);
    expect(answers).toStrictEqual([busy(3), busy(4)]);
    input.write(cancel(1) + cancel(2));
    await sleep(50);
    input.end(ping(5));
    await closed;
    expect(answers).toStrictEqual([busy(3), busy(4), '{"jsonrpc":"2.0","id":5,"result":{}}']);
    expect(started).toBe(1); // the waiting call was dropped by its cancel before a slot freed
  });

  it('refuses no quick call pipelined past the waiting line: slots free before the line is judged full', async () => {
    const { input, answers, closed } = serve();
    input.end(Array.from({ length: 50 }, (_, i) => call(i, 'echo')).join(''));
    await closed;
    expect(answers).toStrictEqual(
      Array.from(
        { length: 50 },
        (_, i) =>
          `{"jsonrpc":"2.0","id":${i},"result":{"content":[{"type":"text","text":"echo({})"}],"isError":false}}`,
      ),
    );
  });

  it('bounds the waiting line by the size of its requests too', async () => {
    const { input, answers, closed } = serve({ maxWaiting: 100, maxWaitingBytes: 1 });
    input.write(call(1) + call(2) + call(3));
    await sleep(50);
    expect(answers).toStrictEqual([
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request","data":"too many requests in flight (limit 1 running, and 100 or 1 bytes of them waiting); retry later"}}',
    ]);
    input.end(cancel(1) + cancel(2));
    await closed;
    expect(started).toBe(1);
  });

  it('answers every one of 3,000 pipelined calls that each wait a moment, refusing none, with the default bounds', async () => {
    const waits = defineTool({
      name: 'waits',
      description: 'waits 1 ms',
      input: z.object({}),
      handler: async () => (await sleep(1), 'waited'),
    });
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const stdio = serveStdio(new McpServer({ name: 't', version: '1', tools: [waits] }), {
      input,
      output,
      handleSignals: false,
      graceMs: 10_000,
    });
    input.end(Array.from({ length: 3000 }, (_, i) => call(i, 'waits')).join(''));
    await stdio.closed;
    const answered = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: number; result?: { content: { text: string }[] } });
    expect(answered.length).toBe(3000);
    expect(answered.filter((answer) => answer.result?.content[0]?.text !== 'waited')).toStrictEqual([]);
    expect(new Set(answered.map((answer) => answer.id)).size).toBe(3000);
  }, 20_000);

  it('answers what was waiting when input ends: a stopped call or read without running it, a ping as always', async () => {
    const { input, answers, closed } = serve({ graceMs: 0, maxWaiting: 3 });
    input.end(
      `${call(1) + call(2) + ping(3)}{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"test://note"}}\n`,
    );
    await closed;
    // Answers go out as they come: the waiting two answer at once, the running call once its abort lands.
    expect(answers.toSorted()).toStrictEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"tool block was stopped: the server is shutting down"}],"isError":true}}',
      '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"tool block was stopped: the server is shutting down"}],"isError":true}}',
      '{"jsonrpc":"2.0","id":3,"result":{}}',
      '{"jsonrpc":"2.0","id":4,"error":{"code":-32603,"message":"Internal error"}}',
    ]);
    expect(started).toBe(1);
  });
});
