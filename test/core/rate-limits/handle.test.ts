// Rate limits through `handle`, in both eras, on a fake clock: a tool's own limit refuses with an
// isError result saying when to try again, the server's limit refuses other requests with -32029
// and `data.retryAfterMs`, each principal (or client address) has its own buckets, the bucket
// refills with time, and middleware sees the refusals.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, memoryRateLimits, type Middleware, type RateLimit } from '../../../src/index.js';
import { eraRequest as request, eraTextResult as result } from '../../helpers/eras.js';

const add = (rateLimit?: RateLimit) =>
  defineTool({
    name: 'add',
    description: 'Adds.',
    input: z.object({ a: z.number(), b: z.number() }),
    handler: ({ a, b }) => String(a + b),
    ...(rateLimit === undefined ? {} : { rateLimit }),
  });
const echo = defineTool({
  name: 'echo',
  description: 'Says it back.',
  input: z.object({ text: z.string() }),
  handler: ({ text }) => text,
});

function serverWith(options: { rateLimit?: RateLimit; tool?: RateLimit; use?: Middleware[] } = {}) {
  const clock = { now: 1_000_000 };
  const server = new McpServer({
    name: 'test-server',
    version: '1.2.3',
    tools: [add(options.tool), echo],
    rateLimitStore: memoryRateLimits({ now: () => clock.now }),
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    ...(options.use === undefined ? {} : { use: options.use }),
  });
  return { server, clock };
}
const call = (era: '2025' | '2026', id: number, name: string, args: Record<string, unknown>) =>
  request(era, id, 'tools/call', { name, arguments: args });
const isErrorOf = (response: unknown) => (response as { result?: { isError?: boolean } }).result?.isError;
const limited = (id: number, retryAfterMs: number, detail: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32029, message: 'Too many requests', data: { retryAfterMs, detail } },
});

describe.each(['2025', '2026'] as const)('rate limits, %s', (era) => {
  it("a tool's limit: past the burst a call is an isError result saying when to try again; other tools and lists are not counted", async () => {
    const { server } = serverWith({ tool: { perMinute: 10, burst: 2 } });
    expect(await server.handle(call(era, 1, 'add', { a: 1, b: 2 }))).toStrictEqual(result(era, 1, '3'));
    expect(await server.handle(call(era, 2, 'add', { a: 2, b: 2 }))).toStrictEqual(result(era, 2, '4'));
    expect(await server.handle(call(era, 3, 'add', { a: 3, b: 2 }))).toStrictEqual(
      result(era, 3, 'rate limit reached for tool add: 10 calls a minute (2 at once); try again in 6 s', true),
    );
    expect(await server.handle(call(era, 4, 'echo', { text: 'hi' }))).toStrictEqual(result(era, 4, 'hi'));
    expect(await server.handle(request(era, 5, 'tools/list'))).toHaveProperty('result');
  });

  it("the server's limit: a non-tool request past it is -32029 with data.retryAfterMs; a tools/call past it is an isError result", async () => {
    const { server } = serverWith({ rateLimit: { perMinute: 2 } });
    expect(await server.handle(request(era, 1, 'tools/list'))).toHaveProperty('result');
    expect(await server.handle(call(era, 2, 'echo', { text: 'hi' }))).toStrictEqual(result(era, 2, 'hi'));
    expect(await server.handle(request(era, 3, 'tools/list'))).toStrictEqual(
      limited(3, 30_000, 'rate limit reached: 2 requests a minute; try again in 30 s'),
    );
    expect(await server.handle(call(era, 4, 'echo', { text: 'hi' }))).toStrictEqual(
      result(era, 4, 'rate limit reached: 2 requests a minute; try again in 30 s', true),
    );
  });

  it('each principal, and each client address, has its own buckets; without either, all share one', async () => {
    const { server } = serverWith({ tool: { perHour: 1 } });
    const text = 'rate limit reached for tool add: 1 call an hour; try again in 60 min';
    expect(await server.handle(call(era, 1, 'add', { a: 1, b: 1 }), { principal: 'alice' })).toStrictEqual(
      result(era, 1, '2'),
    );
    expect(await server.handle(call(era, 2, 'add', { a: 1, b: 1 }), { principal: 'alice' })).toStrictEqual(
      result(era, 2, text, true),
    );
    expect(await server.handle(call(era, 3, 'add', { a: 1, b: 1 }), { principal: 'bob' })).toStrictEqual(
      result(era, 3, '2'),
    );
    expect(await server.handle(call(era, 4, 'add', { a: 1, b: 1 }), { clientAddress: '10.0.0.1' })).toStrictEqual(
      result(era, 4, '2'),
    );
    expect(await server.handle(call(era, 5, 'add', { a: 1, b: 1 }), { clientAddress: '10.0.0.1' })).toStrictEqual(
      result(era, 5, text, true),
    );
    expect(await server.handle(call(era, 6, 'add', { a: 1, b: 1 }), { clientAddress: '10.0.0.2' })).toStrictEqual(
      result(era, 6, '2'),
    );
    // The principal wins over the address: alice from another address is still alice.
    expect(
      await server.handle(call(era, 7, 'add', { a: 1, b: 1 }), { principal: 'alice', clientAddress: '10.0.0.3' }),
    ).toStrictEqual(result(era, 7, text, true));
    expect(await server.handle(call(era, 8, 'add', { a: 1, b: 1 }))).toStrictEqual(result(era, 8, '2'));
    expect(await server.handle(call(era, 9, 'add', { a: 1, b: 1 }))).toStrictEqual(result(era, 9, text, true));
  });

  it('an IPv6 client is counted by its /64 (one host has all of it); IPv4-mapped and loopback addresses by themselves', async () => {
    const { server } = serverWith({ tool: { perHour: 1 } });
    const text = 'rate limit reached for tool add: 1 call an hour; try again in 60 min';
    const from = (id: number, clientAddress: string) =>
      server.handle(call(era, id, 'add', { a: 1, b: 1 }), { clientAddress });
    expect(await from(1, '2001:db8:0:1::1')).toStrictEqual(result(era, 1, '2'));
    expect(await from(2, '2001:DB8:0:1:ffff:2:3:4')).toStrictEqual(result(era, 2, text, true));
    expect(await from(3, '2001:db8:0:2::1')).toStrictEqual(result(era, 3, '2'));
    expect(await from(4, '::ffff:10.0.0.9')).toStrictEqual(result(era, 4, '2'));
    expect(await from(5, '10.0.0.9')).toStrictEqual(result(era, 5, text, true));
    expect(await from(6, '::1')).toStrictEqual(result(era, 6, '2'));
    expect(await from(7, '::2')).toStrictEqual(result(era, 7, '2'));
  });

  it('refills with time: one token every interval / rate, up to the burst', async () => {
    const { server, clock } = serverWith({ rateLimit: { perSecond: 2, burst: 2 } });
    const list = (id: number) => server.handle(request(era, id, 'tools/list'));
    expect(await list(1)).toHaveProperty('result');
    expect(await list(2)).toHaveProperty('result');
    expect(await list(3)).toStrictEqual(limited(3, 500, 'rate limit reached: 2 requests a second; try again in 1 s'));
    clock.now += 499;
    expect(await list(4)).toStrictEqual(limited(4, 1, 'rate limit reached: 2 requests a second; try again in 1 s'));
    clock.now += 1;
    expect(await list(5)).toHaveProperty('result');
    expect(await list(6)).toStrictEqual(limited(6, 500, 'rate limit reached: 2 requests a second; try again in 1 s'));
    clock.now += 60_000; // full again, never past the burst
    expect(await list(7)).toHaveProperty('result');
    expect(await list(8)).toHaveProperty('result');
    expect(await list(9)).toMatchObject({ error: { code: -32029 } });
  });

  it("a call refused by its tool's limit takes nothing from the server's, and the other way round", async () => {
    const { server } = serverWith({ rateLimit: { perHour: 3 }, tool: { perHour: 1 } });
    expect(await server.handle(call(era, 1, 'add', { a: 1, b: 1 }))).toStrictEqual(result(era, 1, '2'));
    expect(isErrorOf(await server.handle(call(era, 2, 'add', { a: 1, b: 1 })))).toBe(true);
    expect(isErrorOf(await server.handle(call(era, 3, 'add', { a: 1, b: 1 })))).toBe(true);
    // Two of the server's three are left.
    expect(await server.handle(call(era, 4, 'echo', { text: 'a' }))).toStrictEqual(result(era, 4, 'a'));
    expect(await server.handle(call(era, 5, 'echo', { text: 'b' }))).toStrictEqual(result(era, 5, 'b'));
    expect(await server.handle(call(era, 6, 'echo', { text: 'c' }))).toStrictEqual(
      result(era, 6, 'rate limit reached: 3 requests an hour; try again in 20 min', true),
    );
  });

  it('middleware sees a refusal: the isError result, or the -32029 rejection of next()', async () => {
    const seen: unknown[] = [];
    const watch: Middleware = async (_request, next) => {
      try {
        const answer = await next();
        seen.push(answer);
        return answer;
      } catch (error) {
        seen.push((error as { code?: number }).code);
        throw error;
      }
    };
    const { server } = serverWith({ rateLimit: { perHour: 1 }, use: [watch] });
    await server.handle(call(era, 1, 'echo', { text: 'a' }));
    await server.handle(call(era, 2, 'echo', { text: 'b' }));
    expect(await server.handle(request(era, 3, 'tools/list'))).toStrictEqual(
      limited(3, 3_600_000, 'rate limit reached: 1 request an hour; try again in 60 min'),
    );
    expect(seen).toStrictEqual([
      { content: [{ type: 'text', text: 'a' }], isError: false },
      {
        content: [{ type: 'text', text: 'rate limit reached: 1 request an hour; try again in 60 min' }],
        isError: true,
      },
      -32029,
    ]);
  });
});

describe('rate limit options', () => {
  it.each([
    [{ perMinute: 10, perHour: 5 }, 'McpServer: rateLimit: give exactly one of perSecond, perMinute and perHour'],
    [{ burst: 5 }, 'McpServer: rateLimit: give exactly one of perSecond, perMinute and perHour'],
    [{ perMinute: 0 }, 'McpServer: rateLimit: perMinute: Too small: expected number to be >0'],
    [{ perMinute: 10, burst: 0.5 }, 'McpServer: rateLimit: burst: expected int, received number'],
    [{ perMinit: 10 }, 'McpServer: rateLimit: Unrecognized key: "perMinit"'],
  ])('refuses %j', (rateLimit, message) => {
    expect(() => new McpServer({ name: 's', version: '1', rateLimit: rateLimit as RateLimit })).toThrow(
      new TypeError(message),
    );
  });

  it("refuses a tool's bad limit when the tool is defined, naming it", () => {
    expect(() => add({ perDay: 1 } as RateLimit)).toThrow(
      new TypeError('tool "add": rateLimit: Unrecognized key: "perDay"'),
    );
  });

  it('a tool added later with a limit is limited', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3', tools: [echo] });
    server.addTool(add({ perHour: 1 }));
    expect(await server.handle(call('2025', 1, 'add', { a: 1, b: 1 }))).toStrictEqual(result('2025', 1, '2'));
    expect(isErrorOf(await server.handle(call('2025', 2, 'add', { a: 1, b: 1 })))).toBe(true);
  });
});
