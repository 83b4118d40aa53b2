// A spawned `zod-mcp serve --demo` whose stderr the parent has closed: a write there (console.log,
// diverted from stdout) fails with EPIPE, and the server goes on as if stderr had taken it.
import { afterEach, describe, expect, it } from 'vitest';
import { StdioPeer } from '../../helpers/stdio-peer.js';

const consoleLog = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"console_log","arguments":{"text":"to a closed stderr"}}}\n`;
const logged = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"logged: to a closed stderr"}],"isError":false}}`;

let peer: StdioPeer | undefined;
afterEach(() => {
  peer?.child.kill('SIGKILL');
  peer = undefined;
});

describe('stdio with a closed stderr', () => {
  it('answers every call and exits 0 when writes to stderr fail', { timeout: 15_000 }, async () => {
    peer = new StdioPeer();
    peer.child.stderr.destroy();
    peer.send(consoleLog(1));
    expect(await peer.waitForLines(1, 5000)).toStrictEqual([logged(1)]);
    // The failure of the first write arrives a turn later; the process must outlive it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    peer.send(`${consoleLog(2)}{"jsonrpc":"2.0","id":3,"method":"ping"}\n`);
    expect(await peer.waitForLines(3, 5000)).toStrictEqual([
      logged(1),
      logged(2),
      '{"jsonrpc":"2.0","id":3,"result":{}}',
    ]);
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
  });
});
