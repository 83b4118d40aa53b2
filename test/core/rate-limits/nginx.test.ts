// One limit for the whole service: three `serve --http --redis --rate-limit 10/hour` instances
// behind the documented nginx share their buckets in Redis, so of 30 calls sent round-robin
// exactly 10 succeed, whichever instance answers; the others are isError results saying when to
// try again, and a request past the limit that is no tools/call is 429 with Retry-After.
import { Agent } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { V2026, envelope } from '../../helpers/eras.js';
import { describeWith } from '../../helpers/binaries.js';
import { instanceName, startNginx, type Nginx } from '../../helpers/nginx.js';
import { freePort, startRedis, type RedisServer } from '../../helpers/redis.js';
import { startServe, type ServeProcess } from '../../helpers/serve-process.js';
import { post, type RawResponse } from '../../transports/http/helpers.js';

let redis: RedisServer | undefined;
let instances: ServeProcess[] = [];
let nginx: Nginx | undefined;

describeWith('redis-server', 'nginx')('a rate limit shared by three instances behind nginx', () => {
  beforeAll(async () => {
    redis = await startRedis();
    const ports = await Promise.all([0, 1, 2].map(() => freePort()));
    const key = { ZOD_MCP_STATE_KEY: 'the secret all three instances share' };
    instances = await Promise.all(
      ports.map((port, index) =>
        startServe(
          [
            '--demo',
            '--port',
            String(port),
            '--redis',
            redis!.url,
            '--rate-limit',
            '10/hour',
            '--instance',
            instanceName(index),
          ],
          key,
        ),
      ),
    );
    nginx = await startNginx(ports);
  }, 60_000);
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    await redis?.stop();
  });

  const agent = new Agent({ keepAlive: false });
  const request = (id: number, method: string, params: Record<string, unknown>, name?: string): Promise<RawResponse> =>
    post(
      nginx!.url,
      { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope() } },
      { 'mcp-protocol-version': V2026, 'mcp-method': method, ...(name === undefined ? {} : { 'mcp-name': name }) },
      agent,
    );

  it('of 30 calls round-robin, exactly 10 succeed; the rest say when to try again', { timeout: 60_000 }, async () => {
    const texts: string[] = [];
    for (let i = 1; i <= 30; i++) {
      const response = await request(i, 'tools/call', { name: 'add', arguments: { a: i, b: 1 } }, 'add');
      expect(response.status).toBe(200);
      const { result } = JSON.parse(response.body) as { result: { content: { text: string }[]; isError: boolean } };
      texts.push(`${result.isError ? 'refused' : 'ok'}: ${result.content[0]!.text}`);
    }
    expect(texts.slice(0, 10)).toStrictEqual(Array.from({ length: 10 }, (_, i) => `ok: {"sum":${i + 2}}`));
    expect(new Set(texts.slice(10))).toStrictEqual(
      new Set(['refused: rate limit reached: 10 requests an hour; try again in 6 min']),
    );
    // Every instance answered some of them: the limit is one, not one per instance.
    const upstreams = new Set(
      nginx!
        .log()
        .filter((entry) => entry.name === 'add')
        .map((entry) => entry.upstream),
    );
    expect(upstreams).toStrictEqual(new Set(nginx!.ports));
  });

  it('a request past the limit that is no tools/call is 429 with Retry-After, through nginx', {
    timeout: 30_000,
  }, async () => {
    const refused = await request(31, 'tools/list', {});
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(300);
    expect(JSON.parse(refused.body)).toMatchObject({
      jsonrpc: '2.0',
      id: 31,
      error: {
        code: -32029,
        message: 'Too many requests',
        data: { detail: 'rate limit reached: 10 requests an hour; try again in 6 min' },
      },
    });
  });
});
