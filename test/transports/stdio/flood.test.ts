// A client that writes 200,000 requests without reading a single answer: the server must stop
// reading stdin while stdout is full instead of queueing the flood, and answer every request once
// the client reads again.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { root } from '../../helpers/run.js';
import { programJs } from '../../helpers/stdio-peer.js';

const REQUESTS = 200_000;

/**
 * Bounds on the server's peak resident memory (VmHWM), from measurements on the 2-core machine:
 * `serve` idles at about 58 MiB. Flooded, it stops reading after about 200 KiB and peaks at about
 * 73 MiB; once the client reads again it catches up at full speed and peaks at about 95 MiB, as
 * under the benchmark's load. The same server with its back-pressure switched off reads the whole
 * flood (20 MB of requests) and reaches about 135 MiB before the client reads and 200 MiB after.
 * The bounds leave room for a noisier machine and still catch that.
 */
const STALLED_BOUND_MIB = 110;
const FINAL_BOUND_MIB = 150;

function peakMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

describe('stdio flood', () => {
  it(`stays bounded with ${REQUESTS.toLocaleString('en-US')} unread requests, then answers each once`, {
    timeout: 60_000,
  }, async () => {
    const child = spawn(process.execPath, [programJs, 'serve'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdout.pause(); // nobody reads the answers yet

    let text = '';
    for (let id = 1; id <= REQUESTS; id++) {
      text += `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"x":${id}}}}\n`;
      if (id % 10_000 === 0) {
        child.stdin.write(text);
        text = '';
      }
    }

    // Wait until the server has stopped taking input: what it has not read stays in this process.
    let unread = child.stdin.writableLength;
    for (let still = 0; still < 5; ) {
      await sleep(200);
      const now = child.stdin.writableLength;
      still = now === unread ? still + 1 : 0;
      unread = now;
    }
    const stalledPeak = peakMiB(child.pid!);
    expect(unread).toBeGreaterThan(REQUESTS * 40); // most of the flood is still waiting here, unread
    expect(stalledPeak).toBeLessThan(STALLED_BOUND_MIB);

    // Read again: every request is answered exactly once, with the right text.
    const seen = new Uint8Array(REQUESTS + 1);
    let answered = 0;
    const problems: string[] = [];
    let partial = '';
    const done = new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          const frame = JSON.parse(line) as { id: number; result?: { content: { text: string }[]; isError: boolean } };
          if (seen[frame.id] === 1 && problems.length < 5) problems.push(`id ${frame.id} answered twice`);
          seen[frame.id] = 1;
          const expected = `echo({"x":${frame.id}})`;
          if (frame.result?.content[0]?.text !== expected || frame.result.isError !== false) {
            if (problems.length < 5) problems.push(line);
          }
          if (++answered === REQUESTS) resolve();
        }
      });
      child.stdout.resume();
    });
    await done;
    expect(problems).toStrictEqual([]);
    expect(seen.indexOf(0, 1)).toBe(-1);

    const finalPeak = peakMiB(child.pid!);
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    expect(finalPeak).toBeLessThan(FINAL_BOUND_MIB);
  });
});
