// A tool call runs at most once behind the documented nginx. Three instances of a server whose
// `append` tool writes `<tag> <pid>` to a file the moment it runs and then holds the call: an
// instance killed mid-call loses its calls with an error the client sees (nginx's 502), and none
// runs again elsewhere; the server's own 503 refusals, sent before anything ran, are retried on
// another instance once, and those calls run once too.
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { V2026, envelope } from '../../helpers/eras.js';
import { describeWith } from '../../helpers/binaries.js';
import { MCP_LOCATIONS, startNginx, type Nginx } from '../../helpers/nginx.js';
import { freePort } from '../../helpers/redis.js';
import { root } from '../../helpers/run.js';
import { startHttpProcess, type ServeProcess } from '../../helpers/serve-process.js';
import { post, type RawResponse } from '../../transports/http/helpers.js';

const SERVER = join(import.meta.dirname, 'servers', 'append.mjs');
let dir = '';
let file = '';
let instances: ServeProcess[] = [];
let nginx: Nginx | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zod-mcp-once-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
  nginx = undefined;
  instances = [];
});

async function deploy(env: readonly Record<string, string>[]): Promise<void> {
  file = join(dir, `calls-${Date.now()}.txt`);
  writeFileSync(file, '');
  const ports = await Promise.all(env.map(() => freePort()));
  instances = await Promise.all(
    ports.map((port, index) => startHttpProcess([SERVER], { PORT: String(port), APPEND_FILE: file, ...env[index] })),
  );
  nginx = await startNginx(ports);
}

/** The lines of the file: which process ran each tag, in the order they ran. */
const ran = () =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [tag = '', pid = ''] = line.split(' ');
      return { tag, pid: Number(pid) };
    });

async function until(condition: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await sleep(20);
  }
}

/** A 2026 call of `append` through nginx, on a connection of its own. */
function call(tag: string, id: number): Promise<RawResponse> {
  const frame = {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'append', arguments: { tag }, _meta: envelope() },
  };
  return post(
    nginx!.url,
    frame,
    { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/call', 'mcp-name': 'append' },
    new Agent({ keepAlive: false }),
  );
}

const resultOf = (response: RawResponse) =>
  (JSON.parse(response.body) as { result: { content: { text: string }[]; isError: boolean } }).result;

describeWith('nginx')('a tool call runs at most once behind nginx', () => {
  it('an instance killed mid-call: its calls answer 502 and run nowhere else; every other call answers once', {
    timeout: 60_000,
  }, async () => {
    await deploy([{}, {}, {}]);
    const tags = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const answers = tags.map((tag, i) => call(tag, i + 1));
    await until(() => ran().length === tags.length, 'every call started');
    const victim = instances.find((instance) => instance.child.pid === ran()[0]!.pid)!;
    const lost = new Set(
      ran()
        .filter((line) => line.pid === victim.child.pid)
        .map((line) => line.tag),
    );
    expect(await victim.stop('SIGKILL')).toBe('SIGKILL');
    const responses = await Promise.all(answers);
    // A second run would have written its line by the time its answer came.
    const lines = ran();
    expect(lines.map((line) => line.tag).sort()).toStrictEqual([...tags].sort());
    for (const [i, tag] of tags.entries()) {
      if (lost.has(tag)) {
        expect(responses[i]!.status).toBe(502);
      } else {
        expect(responses[i]!.status).toBe(200);
        const pid = lines.find((line) => line.tag === tag)!.pid;
        expect(resultOf(responses[i]!)).toMatchObject({
          content: [{ type: 'text', text: `${tag} ran on ${pid}` }],
          isError: false,
        });
      }
    }
    expect(lost.size).toBeGreaterThan(0);
  });

  it("the server's own 503 (at maxConcurrentRequests, before anything ran) goes once more to the group: the next instance runs the call, once", {
    timeout: 60_000,
  }, async () => {
    // The first instance takes one request at a time; the second any number.
    await deploy([{ MAX_IN_FLIGHT: '1', HOLD_MS: '2000' }, { HOLD_MS: '2000' }]);
    const [busy, other] = instances.map((instance) => instance.child.pid);
    const answers: Promise<RawResponse>[] = [];
    // Round-robin: of two calls one lands on the first instance and holds its only slot.
    for (const tag of ['hold0', 'hold1']) answers.push(call(tag, answers.length + 1));
    await until(() => ran().length === 2, 'both calls started');
    expect(new Set(ran().map((line) => line.pid))).toStrictEqual(new Set([busy, other]));
    // One at a time: round-robin sends some to the busy instance first.
    for (const tag of ['a', 'b', 'c']) {
      answers.push(call(tag, answers.length + 1));
      await until(() => ran().some((line) => line.tag === tag), `${tag} started`);
    }
    const responses = await Promise.all(answers);
    for (const response of responses) expect(response.status).toBe(200);
    expect(
      ran()
        .map((line) => line.tag)
        .sort(),
    ).toStrictEqual(['a', 'b', 'c', 'hold0', 'hold1']);
    for (const tag of ['a', 'b', 'c']) expect(ran().find((line) => line.tag === tag)!.pid).toBe(other);
    const [busyPort, otherPort] = nginx!.ports;
    const refused = nginx!.log().filter((entry) => entry.tried.length > 1);
    expect(refused.length).toBeGreaterThan(0);
    for (const entry of refused)
      expect(entry).toMatchObject({ tried: [busyPort, otherPort], statuses: [503, 200], status: 200 });
  });
});

it("docs/scale-out.md's nginx configuration is the one these tests run", () => {
  const docs = readFileSync(join(root, 'docs', 'scale-out.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(docs)![1]!;
  const directives = (text: string) =>
    text
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter((line) => line !== '' && !line.startsWith('server 127.0.0.1') && !line.startsWith('listen'));
  const locations = block.slice(block.indexOf('  location /'));
  expect(directives(locations)).toStrictEqual([...directives(MCP_LOCATIONS), '}']);
  expect(directives(block)).toContain('keepalive_timeout 4s;');
});
