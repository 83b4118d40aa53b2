// handle() never throws and never rejects: whatever it is given, it resolves to a valid frame or null.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { schemas } from '../../schemas/index.js';
import { defineTool } from '../../src/features/tools/define.js';
import { demoTools } from '../../src/bundled/demo.js';
import { serverTools } from '../../src/bundled/echo.js';
import { toErrorFrame } from '../../src/jsonrpc/errors.js';
import { makeServer, textResult, wire } from '../helpers/server.js';

const { Response } = schemas;

const methods = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'logging/setLevel',
  'server/discover',
  'notifications/cancelled',
  'notifications/initialized',
  'toString',
  '__proto__',
  'nope',
];
const toolNames = ['echo', 'add', 'fail', 'console_log', 'constructor', 'nope'];

/** Frame-shaped values with every member drawn from good and bad choices. */
const frameLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double(), fc.jsonValue()),
    method: fc.oneof(fc.constantFrom(...methods), fc.jsonValue()),
    params: fc.oneof(
      fc.record(
        { name: fc.oneof(fc.constantFrom(...toolNames), fc.jsonValue()), arguments: fc.jsonValue() },
        { requiredKeys: [] },
      ),
      fc.record(
        { requestId: fc.jsonValue(), level: fc.jsonValue(), cursor: fc.jsonValue(), protocolVersion: fc.jsonValue() },
        { requiredKeys: [] },
      ),
      // The 2026 envelope, well-formed or not.
      fc.record(
        {
          name: fc.constantFrom(...toolNames),
          notifications: fc.oneof(fc.record({ toolsListChanged: fc.boolean() }), fc.jsonValue()),
          _meta: fc.oneof(
            fc.record(
              {
                'io.modelcontextprotocol/protocolVersion': fc.oneof(
                  fc.constantFrom('2026-07-28', '2025-11-25', 'v9'),
                  fc.jsonValue(),
                ),
                'io.modelcontextprotocol/clientCapabilities': fc.oneof(fc.constant({}), fc.jsonValue()),
                'io.modelcontextprotocol/logLevel': fc.oneof(fc.constantFrom('debug', 'loud'), fc.jsonValue()),
                progressToken: fc.jsonValue(),
              },
              { requiredKeys: [] },
            ),
            fc.jsonValue(),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    ),
    result: fc.jsonValue(),
    error: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('handle never throws', () => {
  it('answers any JSON value or frame-like object with a valid frame or null', async () => {
    const errors: unknown[] = [];
    const { handle } = makeServer([...serverTools, ...demoTools.filter((t) => t.name !== 'countdown')], {
      onError: (e) => errors.push(e),
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), frameLike), async (frame) => {
        const response = await handle(frame);
        if (response === null) return;
        expect(Response.safeParse(response).success).toBe(true);
        // No frame carries "id": null: without an id to echo, the member is left out.
        expect(Object.keys(response).slice(0, 2)).toStrictEqual(
          'id' in response ? ['jsonrpc', 'id'] : ['jsonrpc', 'error'],
        );
        expect(JSON.stringify(response)).not.toContain('"id":null');
      }),
      { numRuns: 3000 },
    );
    expect(errors).toStrictEqual([]);
  });

  it('answers a request with its own id, and a notification with nothing', async () => {
    const { handle } = makeServer(serverTools);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer(), fc.string()),
        fc.constantFrom(...methods),
        fc.jsonValue(),
        async (id, method, params) => {
          const response = await handle({ jsonrpc: '2.0', id, method, params });
          expect(response?.id).toBe(id);
          expect(await handle({ jsonrpc: '2.0', method, params })).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });

  const hostile: [string, () => unknown][] = [
    [
      'a getter that throws',
      () => ({
        jsonrpc: '2.0',
        id: 1,
        get method(): string {
          throw new Error('boom');
        },
      }),
    ],
    [
      'a proxy that throws on every trap',
      () =>
        new Proxy(
          {},
          {
            has: () => {
              throw new Error('trap');
            },
            get: () => {
              throw new Error('trap');
            },
          },
        ),
    ],
  ];

  it.each(hostile)('turns %s into -32603 with no detail, reporting it', async (_name, make) => {
    const errors: unknown[] = [];
    const { handle } = makeServer(serverTools, { onError: (e) => errors.push(e) });
    expect(wire(await handle(make()))).toBe('{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"}}');
    expect(errors).toHaveLength(1);
  });

  it('handles values JSON cannot hold without throwing', async () => {
    const circular: Record<string, unknown> = { jsonrpc: '2.0', id: 1, method: 'tools/call' };
    circular.params = { name: 'echo', arguments: { self: circular } };
    const { handle } = makeServer(serverTools);
    const response = await handle(circular);
    expect(response).toMatchObject({ id: 1, result: { isError: true } });
    expect(
      await handle({ jsonrpc: '2.0', id: 2, method: 'ping', params: { big: 10n, f: () => 1, s: Symbol('x') } }),
    ).toStrictEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(await handle(Object.create(null))).toStrictEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: 'Invalid Request',
        data: 'expected a request (jsonrpc, id, method) or a notification (jsonrpc, method)',
      },
    });
  });

  it('a tool whose input schema throws is a tool failure: an isError result, nothing reported', async () => {
    const errors: unknown[] = [];
    const bomb = defineTool({
      name: 'bomb',
      description: '',
      input: z.object({}).refine(() => {
        throw new Error('schema bug');
      }),
      handler: () => '',
    });
    const asyncBomb = defineTool({
      name: 'async_bomb',
      description: '',
      input: z.object({}).refine(async () => {
        throw new Error('async schema bug');
      }),
      handler: () => '',
    });
    const { handle } = makeServer([bomb, asyncBomb], { onError: (e) => errors.push(e) });
    expect(wire(await handle({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'bomb' } }))).toBe(
      wire(textResult(5, 'tool bomb could not check its arguments: schema bug', true)),
    );
    expect(wire(await handle({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'async_bomb' } }))).toBe(
      wire(textResult(6, 'tool async_bomb could not check its arguments: async schema bug', true)),
    );
    expect(errors).toStrictEqual([]);
  });

  it('keeps its promise when the onError reporter itself throws', async () => {
    const { handle } = makeServer(serverTools, {
      onError: () => {
        throw new Error('reporter broke');
      },
    });
    const frame = {
      jsonrpc: '2.0',
      id: 1,
      get method(): string {
        throw new Error('getter exploded');
      },
    };
    expect(wire(await handle(frame))).toBe('{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"}}');
  });

  it('anything else thrown inside a method becomes -32603 with the id, the detail to the reporter only', () => {
    const reported: unknown[] = [];
    const bug = new TypeError('cannot read properties of undefined');
    expect(wire(toErrorFrame(5, bug, (e) => reported.push(e)))).toBe(
      '{"jsonrpc":"2.0","id":5,"error":{"code":-32603,"message":"Internal error"}}',
    );
    expect(reported).toStrictEqual([bug]);
  });

  it('reports internal errors on stderr by default, with the stack, never on the wire', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const { handle } = makeServer(serverTools);
      const frame = {
        jsonrpc: '2.0',
        id: 1,
        get method(): string {
          throw new Error('getter exploded');
        },
      };
      expect(wire(await handle(frame))).toBe('{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"}}');
      const text = write.mock.calls.map(([chunk]) => String(chunk)).join('');
      expect(text.startsWith('zod-mcp: internal error: Error: getter exploded\n    at ')).toBe(true);
    } finally {
      write.mockRestore();
    }
  });
});
