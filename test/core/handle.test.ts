// McpServer.handle beyond the fixtures: pagination, cancellation, timeouts, progress, logging, bad returns.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/features/tools/define.js';
import { callTool, makeServer, request, resultOf, textResult, wire } from '../helpers/server.js';

const slow = defineTool({
  name: 'slow',
  description: 'waits until aborted or 5 s',
  input: z.object({ ms: z.int().default(5000) }),
  handler: async ({ ms }, { signal }) => {
    await sleep(ms, undefined, { signal });
    return 'done';
  },
});

const stubborn = defineTool({
  name: 'stubborn',
  description: 'ignores its signal',
  input: z.object({}),
  timeoutMs: 30,
  handler: () => sleep(200).then(() => 'too late'),
});

const reporter = defineTool({
  name: 'reporter',
  description: 'reports progress and logs',
  input: z.object({ steps: z.int() }),
  handler: ({ steps }, { progress, log }) => {
    for (let i = 1; i <= steps; i++) progress(i, steps, `step ${i}`);
    log('debug', 'a debug line');
    log('warning', { steps });
    return 'reported';
  },
});

describe('tools/list pagination', () => {
  const many = Array.from({ length: 5 }, (_, i) =>
    defineTool({ name: `t${i}`, description: `tool ${i}`, input: z.object({}), handler: () => '' }),
  );

  it('pages by pageSize with an opaque cursor, and refuses a cursor it did not give', async () => {
    const { handle } = makeServer(many, { pageSize: 2 });
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = resultOf<{ tools: { name: string }[]; nextCursor?: string }>(
        await handle(request(pages, 'tools/list', cursor === undefined ? undefined : { cursor })),
      );
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect({ names, pages }).toStrictEqual({ names: ['t0', 't1', 't2', 't3', 't4'], pages: 3 });

    const beyond = Buffer.from('tools:5').toString('base64url');
    expect(wire(await handle(request(9, 'tools/list', { cursor: beyond })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32602, message: 'Invalid params', data: 'params.cursor: not a cursor this server gave out' },
      }),
    );
  });

  it('returns the same tool list object every time (schemas are generated once)', async () => {
    const { handle } = makeServer(many);
    const a = resultOf<{ tools: unknown[] }>(await handle(request(1, 'tools/list')));
    const b = resultOf<{ tools: unknown[] }>(await handle(request(2, 'tools/list')));
    expect(a.tools).toHaveLength(5);
    expect(a.tools).toBe(b.tools);
  });
});

describe('cancellation and timeouts', () => {
  it('a cancelled call gets no response; the session goes on', async () => {
    const { handle, session } = makeServer([slow]);
    const pending = handle(callTool(1, 'slow'));
    await sleep(10);
    expect(session.inFlight.has(1)).toBe(true);
    expect(await handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })).toBeNull();
    expect(await pending).toBeNull();
    expect(session.inFlight.size).toBe(0);
    expect(wire(await handle(request(2, 'ping')))).toBe('{"jsonrpc":"2.0","id":2,"result":{}}');
  });

  it('a cancel for another id, or for a finished call, changes nothing', async () => {
    const { handle } = makeServer([slow]);
    const pending = handle(callTool('a', 'slow', { ms: 20 }));
    await handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'b' } });
    expect(wire(await pending)).toBe(wire(textResult('a', 'done')));
    await handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'a' } });
  });

  it('a cancel only reaches calls of its own session', async () => {
    const { server, handle } = makeServer([slow]);
    const pending = handle(callTool(1, 'slow', { ms: 30 }));
    await server.handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(wire(await pending)).toBe(wire(textResult(1, 'done')));
  });

  it('a timed-out call answers at the timeout, even when the handler ignores its signal', async () => {
    const { handle } = makeServer([stubborn]);
    const started = Date.now();
    expect(wire(await handle(callTool(1, 'stubborn')))).toBe(
      wire(textResult(1, 'tool stubborn timed out after 30 ms', true)),
    );
    expect(Date.now() - started).toBeLessThan(190);
  });

  it('the server-wide timeout applies to tools without their own', async () => {
    const { handle } = makeServer([slow], { timeoutMs: 20 });
    expect(wire(await handle(callTool(1, 'slow')))).toBe(wire(textResult(1, 'tool slow timed out after 20 ms', true)));
  });

  it('shutdown ends calls in flight with an isError result', async () => {
    const { handle, session } = makeServer([slow]);
    const pending = handle(callTool(1, 'slow'));
    await sleep(5);
    session.abortAll();
    expect(wire(await pending)).toBe(wire(textResult(1, 'tool slow was stopped: the server is shutting down', true)));
  });

  it('an aborted transport signal ends the call like a cancel', async () => {
    const { server, session } = makeServer([slow]);
    const controller = new AbortController();
    const pending = server.handle(callTool(1, 'slow'), { session, signal: controller.signal });
    controller.abort();
    expect(await pending).toBeNull();
  });

  it('a call whose transport signal is already aborted ends at once, with no response and nothing left in flight', async () => {
    const hang = defineTool({
      name: 'hang',
      description: '',
      input: z.object({}),
      timeoutMs: 50,
      handler: () => new Promise<string>(() => {}),
    });
    const { server, session } = makeServer([hang]);
    expect(await server.handle(callTool(1, 'hang'), { session, signal: AbortSignal.abort() })).toBeNull();
    expect(session.inFlight.size).toBe(0);
  });

  it('a cancel reaches a call whose input is still being checked asynchronously; the handler never runs', async () => {
    let ran = false;
    const checked = defineTool({
      name: 'checked',
      description: '',
      input: z.object({}).refine(() => sleep(40).then(() => true)),
      handler: () => {
        ran = true;
        return 'ran';
      },
    });
    const { handle, session } = makeServer([checked]);
    const pending = handle(callTool(7, 'checked'));
    await sleep(10);
    expect(session.inFlight.has(7)).toBe(true);
    await handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    expect(await pending).toBeNull();
    await sleep(60);
    expect(ran).toBe(false);
    expect(session.inFlight.size).toBe(0);
  });

  it('the timeout covers an asynchronous output check after a synchronous handler', async () => {
    const slowCheck = defineTool({
      name: 'slow_check',
      description: '',
      input: z.object({}),
      output: z.object({ ok: z.boolean() }).refine(() => sleep(200).then(() => true)),
      timeoutMs: 20,
      handler: () => ({ ok: true }),
    });
    const { handle } = makeServer([slowCheck]);
    const started = Date.now();
    expect(wire(await handle(callTool(1, 'slow_check')))).toBe(
      wire(textResult(1, 'tool slow_check timed out after 20 ms', true)),
    );
    expect(Date.now() - started).toBeLessThan(190);
  });

  it('refuses a second call with an id still in flight', async () => {
    const { handle } = makeServer([slow]);
    const first = handle(callTool(7, 'slow', { ms: 20 }));
    expect(wire(await handle(callTool(7, 'slow', { ms: 20 })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32600, message: 'Invalid Request', data: 'id: 7 is already used by a call in flight' },
      }),
    );
    expect(wire(await first)).toBe(wire(textResult(7, 'done')));
  });
});

describe('progress and logging', () => {
  it('sends progress only with a progressToken, and log messages at or above the level', async () => {
    const { handle, sent } = makeServer([reporter]);
    expect(wire(await handle(callTool(1, 'reporter', { steps: 2 })))).toBe(wire(textResult(1, 'reported')));
    expect(sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'warning', data: { steps: 2 } } },
    ]);
    sent.length = 0;
    await handle(request(2, 'logging/setLevel', { level: 'debug' }));
    await handle(callTool(3, 'reporter', { steps: 2 }, { progressToken: 'p' }));
    expect(wire(sent)).toBe(
      wire([
        {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'p', progress: 1, total: 2, message: 'step 1' },
        },
        {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'p', progress: 2, total: 2, message: 'step 2' },
        },
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'debug', data: 'a debug line' } },
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'warning', data: { steps: 2 } } },
      ]),
    );
  });

  it('refuses progress that does not increase, and sends nothing after the response', async () => {
    let late: (() => void) | undefined;
    const tool = defineTool({
      name: 'backwards',
      description: '',
      input: z.object({}),
      handler: (_args, { progress }) => {
        late = () => progress(10);
        progress(2);
        progress(1);
        return 'unreachable';
      },
    });
    const { handle, sent } = makeServer([tool]);
    expect(wire(await handle(callTool(1, 'backwards', {}, { progressToken: 7 })))).toBe(
      wire(textResult(1, 'progress must increase: 1 after 2', true)),
    );
    late?.();
    expect(sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 2 } },
    ]);
  });
});

describe('handler results', () => {
  const returning = (value: unknown) =>
    defineTool({ name: 'r', description: '', input: z.object({}), handler: () => value as string });
  const cases: [string, unknown, unknown][] = [
    [
      'a number',
      42,
      textResult(
        1,
        'tool r returned number; a handler returns a string, an array of content blocks or a CallToolResult',
        true,
      ).result,
    ],
    [
      'null',
      null,
      textResult(
        1,
        'tool r returned null; a handler returns a string, an array of content blocks or a CallToolResult',
        true,
      ).result,
    ],
    [
      'a bad block',
      [{ type: 'text' }],
      textResult(1, 'tool r returned invalid content blocks: [0].text: missing, expected string', true).result,
    ],
    [
      'a CallToolResult with isError',
      { content: [{ type: 'text', text: 'no' }], isError: true, extra: 1 },
      { content: [{ type: 'text', text: 'no' }], isError: true },
    ],
    [
      'a CallToolResult without isError, keys out of order',
      { structuredContent: { a: 1 }, content: [] },
      { content: [], structuredContent: { a: 1 }, isError: false },
    ],
  ];

  it.each(cases)('%s', async (_name, value, result) => {
    const { handle } = makeServer([returning(value)]);
    expect(wire(await handle(callTool(1, 'r')))).toBe(wire({ jsonrpc: '2.0', id: 1, result }));
  });

  it('a non-Error throw and a synchronous throw are results too', async () => {
    const throwsString = defineTool({
      name: 's',
      description: '',
      input: z.object({}),
      handler: () => Promise.reject('plain string'),
    });
    const throwsNothing = defineTool({
      name: 'n',
      description: '',
      input: z.object({}),
      handler: () => {
        throw undefined;
      },
    });
    const { handle } = makeServer([throwsString, throwsNothing]);
    expect(wire(await handle(callTool(1, 's')))).toBe(wire(textResult(1, 'plain string', true)));
    expect(wire(await handle(callTool(2, 'n')))).toBe(wire(textResult(2, 'tool n failed', true)));
  });
});

describe('initialize', () => {
  it('carries title and instructions when given', async () => {
    const { handle } = makeServer([], { title: 'Test Server', instructions: 'Use echo.' });
    const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } };
    expect(wire(await handle(request(1, 'initialize', params)))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: { listChanged: true }, logging: {} },
          serverInfo: { name: 'test-server', version: '1.2.3', title: 'Test Server' },
          instructions: 'Use echo.',
        },
      }),
    );
  });
});

describe('limits a caller can trip over', () => {
  it('refuses a timeout no timer can wait for, rather than firing it after 1 ms', () => {
    const tool = (timeoutMs: number) => () =>
      defineTool({ name: 't', description: '', input: z.object({}), timeoutMs, handler: () => '' });
    const message = 'must be a positive number of milliseconds up to 2147483647; leave it out for no timeout';
    expect(tool(Infinity)).toThrow(new TypeError(`tool "t": timeoutMs ${message}`));
    expect(tool(3e9)).toThrow(new TypeError(`tool "t": timeoutMs ${message}`));
    expect(() => makeServer([], { timeoutMs: 2 ** 31 })).toThrow(new TypeError(`timeoutMs ${message}`));
  });

  it('refuses progress that is not a finite number', async () => {
    const tool = defineTool({
      name: 'inf',
      description: '',
      input: z.object({}),
      handler: (_args, { progress }) => {
        progress(Infinity, Number.NaN);
        return 'unreachable';
      },
    });
    const { handle, sent } = makeServer([tool]);
    expect(wire(await handle(callTool(1, 'inf', {}, { progressToken: 1 })))).toBe(
      wire(textResult(1, 'progress and total must be finite numbers, got Infinity and NaN', true)),
    );
    expect(sent).toStrictEqual([]);
  });

  it('refuses a cursor for a page that was never given out', async () => {
    const tools = Array.from({ length: 4 }, (_, i) =>
      defineTool({ name: `t${i}`, description: '', input: z.object({}), handler: () => '' }),
    );
    const cursor = (offset: number) => Buffer.from(`tools:${offset}`).toString('base64url');
    const refused = (id: number) =>
      wire({
        jsonrpc: '2.0',
        id,
        error: { code: -32602, message: 'Invalid params', data: 'params.cursor: not a cursor this server gave out' },
      });
    expect(wire(await makeServer(tools).handle(request(1, 'tools/list', { cursor: cursor(1) })))).toBe(refused(1));
    const paged = makeServer(tools, { pageSize: 2 });
    expect(wire(await paged.handle(request(2, 'tools/list', { cursor: cursor(1) })))).toBe(refused(2));
    expect(
      resultOf<{ tools: { name: string }[] }>(
        await paged.handle(request(3, 'tools/list', { cursor: cursor(2) })),
      ).tools.map((t) => t.name),
    ).toStrictEqual(['t2', 't3']);
  });
});
