// A spawned `zod-mcp serve` fed raw lines: every answer and every silence pinned.
import { describe, expect, it } from 'vitest';
import { StdioPeer } from '../../helpers/stdio-peer.js';
import { jsonParseError } from '../../helpers/json-error.js';

const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
const pong = (id: number) => `{"jsonrpc":"2.0","id":${id},"result":{}}`;

describe('stdio framing', () => {
  it('answers each kind of bad line, stays silent for notifications and blank lines, and keeps going', async () => {
    const peer = new StdioPeer();
    const input = [
      'this is not json',
      '{"jsonrpc":"2.0","id":1,"method":"ping"',
      '[{"jsonrpc":"2.0","id":2,"method":"ping"}]',
      '{"jsonrpc":"2.0","id":null,"method":"ping"}',
      '',
      '   ',
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '42',
      ping(3),
    ];
    peer.send(`${input.join('\n')}\n`);
    expect(await peer.waitForLines(6)).toStrictEqual([
      JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32700, message: 'Parse error', data: jsonParseError(input[0]!) },
      }),
      JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32700, message: 'Parse error', data: jsonParseError(input[1]!) },
      }),
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request","data":"batches are not supported: send one message per frame"}}',
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request","data":"id: must be a string or an integer"}}',
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request","data":"expected a JSON-RPC message object, got number"}}',
      pong(3),
    ]);
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
    expect(peer.lines).toHaveLength(6);
  });

  it('accepts CRLF line endings and a last line without a newline', async () => {
    const peer = new StdioPeer();
    peer.send(`${ping(1)}\r\n${ping(2)}\r\n${ping(3)}`);
    const exited = peer.end();
    expect(await exited).toStrictEqual({ code: 0, signal: null });
    expect(peer.lines).toStrictEqual([pong(1), pong(2), pong(3)]);
  });

  it('refuses an over-long line without buffering it, then answers the next one', async () => {
    const peer = new StdioPeer(['serve']);
    const huge = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"x":"${'a'.repeat(5 * 1024 * 1024)}"}}}`;
    peer.send(huge.slice(0, 3_000_000));
    peer.send(`${huge.slice(3_000_000)}\n${ping(2)}\n`);
    expect(await peer.waitForLines(2)).toStrictEqual([
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request","data":"message longer than 4194304 bytes (the line was skipped)"}}',
      pong(2),
    ]);
    await peer.end();
  });

  it('handles a frame split across writes and a multi-byte character split across chunks', async () => {
    const peer = new StdioPeer(['serve']);
    const line = Buffer.from(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"s":"é✓"}}}\n',
    );
    const cut = line.indexOf(Buffer.from('✓')) + 1;
    peer.send(line.subarray(0, cut));
    await new Promise((resolve) => setTimeout(resolve, 30));
    peer.send(line.subarray(cut));
    expect(await peer.waitForLines(1)).toStrictEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"echo({\\"s\\":\\"é✓\\"})"}],"isError":false}}',
    ]);
    await peer.end();
  });

  it('keeps stdout for frames when a tool writes to console.log', async () => {
    const peer = new StdioPeer();
    peer.send(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"console_log","arguments":{"text":"not a frame"}}}\n',
    );
    expect(await peer.waitForLines(1)).toStrictEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"logged: not a frame"}],"isError":false}}',
    ]);
    await peer.end();
    expect(peer.stderr).toBe('not a frame\n');
  });
});

/** The response lines; every other line must be one of countdown's log messages. */
function responses(lines: string[]): string[] {
  const others = lines.filter((line) => line.includes('"method"'));
  expect(others.every((line) => line.startsWith('{"jsonrpc":"2.0","method":"notifications/message"'))).toBe(true);
  return lines.filter((line) => !line.includes('"method"'));
}

describe('stdio shutdown', () => {
  it('exits 0 after its grace period when stdin closes with a slow call in flight, answering it stopped', async () => {
    const peer = new StdioPeer();
    peer.send(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"countdown","arguments":{"from":100,"delayMs":100}}}\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = Date.now();
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
    // Not a speed check: the call would take 10 s to its end, and the server must not wait for it.
    expect(Date.now() - started).toBeLessThan(9000);
    expect(responses(peer.lines)).toStrictEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"tool countdown was stopped: the server is shutting down"}],"isError":true}}',
    ]);
  });

  it('lets a call that finishes within the grace period answer normally', async () => {
    const peer = new StdioPeer();
    peer.send(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"countdown","arguments":{"from":2,"delayMs":100}}}\n',
    );
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
    expect(responses(peer.lines)).toStrictEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"liftoff after 2 steps"}],"isError":false}}',
    ]);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('exits 0 on %s', async (signal) => {
    const peer = new StdioPeer();
    peer.send(`${ping(1)}\n`);
    await peer.waitForLines(1);
    peer.child.kill(signal);
    expect(await peer.exited).toStrictEqual({ code: 0, signal: null });
  });
});
