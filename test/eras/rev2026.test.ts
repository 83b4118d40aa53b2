// The 2026 era through handle(): the envelope, server/discover, result stamps, the error ladder, logging.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode, McpServer, ProtocolError, defineTool } from '../../src/index.js';
import { envelope, META, modern, serverInfoMeta, V2026 } from '../helpers/eras.js';
import { makeServer, request, wire } from '../helpers/server.js';

const echo = defineTool({
  name: 'echo',
  description: 'echoes',
  input: z.looseObject({}),
  handler: (args) => `echo(${JSON.stringify(args)})`,
});
const add = defineTool({
  name: 'add',
  description: 'adds',
  input: z.object({ a: z.number(), b: z.number() }),
  output: z.object({ sum: z.number() }),
  handler: ({ a, b }) => ({ sum: a + b }),
});
const chatty = defineTool({
  name: 'chatty',
  description: 'logs at two levels and reports progress',
  input: z.object({}),
  handler: (_args, { log, progress }) => {
    log('debug', 'a debug line');
    log('warning', 'a warning');
    progress(1, 1);
    return 'chatted';
  },
});
const needsSampling = defineTool({
  name: 'needs_sampling',
  description: 'refuses a client without sampling',
  input: z.object({}),
  handler: (_args, { client }) => {
    if (client.capabilities.sampling === undefined) {
      throw new ProtocolError(ErrorCode.MissingRequiredClientCapability, { requiredCapabilities: { sampling: {} } });
    }
    return `sampling for ${client.info?.name ?? 'someone'} on ${client.protocolVersion}`;
  },
});

const error = (id: number | string | undefined, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id }),
  error: data === undefined ? { code, message } : { code, message, data },
});

describe('server/discover', () => {
  it('names the 2026 versions, the capabilities, the instructions, cache hints and the server', async () => {
    const { handle } = makeServer([echo], { instructions: 'Use echo.' });
    expect(wire(await handle(modern(1, 'server/discover')))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: {
          resultType: 'complete',
          supportedVersions: [V2026],
          capabilities: { tools: { listChanged: true }, logging: {} },
          instructions: 'Use echo.',
          ttlMs: 0,
          cacheScope: 'private',
          ...serverInfoMeta(),
        },
      }),
    );
  });

  it('serves a request without clientInfo (the client SHOULD send it; the server MUST NOT require it)', async () => {
    const { handle } = makeServer([echo]);
    const meta = { 'io.modelcontextprotocol/protocolVersion': V2026, 'io.modelcontextprotocol/clientCapabilities': {} };
    expect(await handle(modern(2, 'server/discover', { _meta: meta }))).toMatchObject({
      id: 2,
      result: { resultType: 'complete' },
    });
  });
});

describe('results', () => {
  it('tools/list: resultType, the tools in the order they were added, cache hints, serverInfo', async () => {
    const { handle } = makeServer([echo, add]);
    const response = await handle(modern('l', 'tools/list'));
    expect(wire(response)).toBe(
      wire({
        jsonrpc: '2.0',
        id: 'l',
        result: {
          resultType: 'complete',
          tools: [echo.descriptor, add.descriptor],
          ttlMs: 0,
          cacheScope: 'private',
          ...serverInfoMeta(),
        },
      }),
    );
  });

  it('tools/call: resultType first, the result as in 2025, serverInfo last; no cache hints', async () => {
    const { handle } = makeServer([echo, add]);
    expect(wire(await handle(modern(3, 'tools/call', { name: 'echo', arguments: { x: 1 } })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 3,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: 'echo({"x":1})' }],
          isError: false,
          ...serverInfoMeta(),
        },
      }),
    );
    expect(wire(await handle(modern(4, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 4,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: '{"sum":3}' }],
          structuredContent: { sum: 3 },
          isError: false,
          ...serverInfoMeta(),
        },
      }),
    );
  });

  it('keeps the unknown-tool rule of this project: an isError result the model can read', async () => {
    const { handle } = makeServer([echo]);
    expect(wire(await handle(modern(5, 'tools/call', { name: 'nope' })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 5,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: 'unknown tool: nope' }],
          isError: true,
          ...serverInfoMeta(),
        },
      }),
    );
  });

  it('uses the cache hints it is given, per list or for all', async () => {
    const { handle } = makeServer([echo], {
      cache: { default: { ttlMs: 5000, cacheScope: 'public' }, 'tools/list': { ttlMs: 60_000, cacheScope: 'private' } },
    });
    expect(await handle(modern(1, 'tools/list'))).toMatchObject({ result: { ttlMs: 60_000, cacheScope: 'private' } });
    expect(await handle(modern(2, 'server/discover'))).toMatchObject({ result: { ttlMs: 5000, cacheScope: 'public' } });
    expect(() => makeServer([echo], { cache: { 'tools/lisst': { ttlMs: 1, cacheScope: 'public' } } as never })).toThrow(
      new TypeError('cache: Unrecognized key: "tools/lisst"'),
    );
  });

  it('takes cache: null as no hints given, as it always has (the option schema is built only for hints)', async () => {
    const { handle } = makeServer([echo], { cache: null as never });
    expect(await handle(modern(1, 'tools/list'))).toMatchObject({ result: { ttlMs: 0, cacheScope: 'private' } });
  });
});

describe('the envelope', () => {
  const missingKeys =
    'params._meta: missing, expected the 2026 request envelope (io.modelcontextprotocol/protocolVersion, io.modelcontextprotocol/clientCapabilities)';

  it('a claim without clientCapabilities, or with a malformed one, is -32602 naming the key', async () => {
    const { handle } = makeServer([echo]);
    const noCapabilities = { 'io.modelcontextprotocol/protocolVersion': V2026 };
    expect(wire(await handle(modern(1, 'tools/list', { _meta: noCapabilities })))).toBe(
      wire(
        error(
          1,
          -32602,
          'Invalid params',
          'params._meta["io.modelcontextprotocol/clientCapabilities"]: missing, expected object',
        ),
      ),
    );
    const badVersion = { ...META, 'io.modelcontextprotocol/protocolVersion': 7 };
    expect(wire(await handle(modern(2, 'tools/list', { _meta: badVersion })))).toBe(
      wire(
        error(
          2,
          -32602,
          'Invalid params',
          'params._meta["io.modelcontextprotocol/protocolVersion"]: expected string, received number',
        ),
      ),
    );
  });

  it('a 2026 MCP-Protocol-Version header without the envelope is -32602 naming the keys', async () => {
    const server = new McpServer({ name: 's', version: '1', tools: [echo] });
    const headers = { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/list' };
    expect(wire(await server.handle(request(1, 'tools/list'), { headers }))).toBe(
      wire(error(1, -32602, 'Invalid params', missingKeys)),
    );
  });

  it('a version this server does not speak per request is -32022 with what it does speak', async () => {
    const { handle } = makeServer([echo]);
    for (const requested of ['1900-01-01', '2025-11-25', '2027-01-01']) {
      const meta = envelope({ 'io.modelcontextprotocol/protocolVersion': requested });
      expect(wire(await handle(modern(1, 'server/discover', { _meta: meta })))).toBe(
        wire(error(1, -32022, 'Unsupported protocol version', { supported: [V2026], requested })),
      );
    }
  });

  it('an unknown log level is -32602', async () => {
    const { handle } = makeServer([echo]);
    const response = await handle(
      modern(1, 'tools/list', { _meta: envelope({ 'io.modelcontextprotocol/logLevel': 'loud' }) }),
    );
    expect(response).toMatchObject({ id: 1, error: { code: -32602, message: 'Invalid params' } });
    expect((response as { error: { data: string } }).error.data).toMatch(
      /^params\._meta\["io\.modelcontextprotocol\/logLevel"\]: /,
    );
  });

  it.each(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'notifications/initialized', 'tools/nope'])(
    '%s does not exist in this era: -32601',
    async (method) => {
      const { handle } = makeServer([echo]);
      expect(wire(await handle(modern(9, method, { protocolVersion: '2025-11-25', level: 'info' })))).toBe(
        wire(error(9, -32601, 'Method not found')),
      );
    },
  );

  it("nothing is carried from one request to the next: capabilities are the request's own", async () => {
    const { handle } = makeServer([needsSampling]);
    const withSampling = envelope({ 'io.modelcontextprotocol/clientCapabilities': { sampling: {} } });
    expect(await handle(modern(1, 'tools/call', { name: 'needs_sampling', _meta: withSampling }))).toMatchObject({
      result: { content: [{ type: 'text', text: `sampling for era-test-client on ${V2026}` }], isError: false },
    });
    expect(wire(await handle(modern(2, 'tools/call', { name: 'needs_sampling' })))).toBe(
      wire(error(2, -32021, 'Missing required client capability', { requiredCapabilities: { sampling: {} } })),
    );
  });
});

describe('logging and progress on 2026', () => {
  it('sends no log message without a log level in _meta, and only those at or above it with one', async () => {
    const { handle, sent } = makeServer([chatty]);
    await handle(modern(1, 'tools/call', { name: 'chatty', _meta: envelope({ progressToken: 'p' }) }));
    expect(sent.map((n) => n.method)).toStrictEqual(['notifications/progress']);
    sent.length = 0;
    await handle(
      modern(2, 'tools/call', { name: 'chatty', _meta: envelope({ 'io.modelcontextprotocol/logLevel': 'info' }) }),
    );
    expect(sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'warning', data: 'a warning' } },
    ]);
  });

  it('a 2025 logging/setLevel on the same session does not reach a 2026 request', async () => {
    const { handle, sent } = makeServer([chatty]);
    await handle(request(1, 'logging/setLevel', { level: 'debug' }));
    await handle(modern(2, 'tools/call', { name: 'chatty' }));
    expect(sent).toStrictEqual([]);
  });
});

describe('unknownTool: "error"', () => {
  it('answers -32602 in both eras, as the specification has it', async () => {
    const { handle } = makeServer([echo], { unknownTool: 'error' });
    const expected = (id: number) => wire(error(id, -32602, 'Invalid params', 'params.name: unknown tool: nope'));
    expect(wire(await handle(request(1, 'tools/call', { name: 'nope' })))).toBe(expected(1));
    expect(wire(await handle(modern(2, 'tools/call', { name: 'nope' })))).toBe(expected(2));
  });
});

describe('eras served', () => {
  it('a 2026-only server refuses initialize naming the versions it speaks, and needs the envelope on everything', async () => {
    const { handle } = makeServer([echo], { eras: ['rev2026'] });
    const init = request(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(wire(await handle(init))).toBe(
      wire(error(1, -32022, 'Unsupported protocol version', { supported: [V2026], requested: '2025-11-25' })),
    );
    expect(await handle(request(2, 'tools/list'))).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(await handle(modern(3, 'tools/list'))).toMatchObject({ id: 3, result: { resultType: 'complete' } });
  });

  it('a 2025-only server treats the envelope as unknown _meta and answers as 2025', async () => {
    const { handle } = makeServer([echo], { eras: ['rev2025'] });
    expect(wire(await handle(modern(1, 'tools/list')))).toBe(
      wire({ jsonrpc: '2.0', id: 1, result: { tools: [echo.descriptor] } }),
    );
    expect(wire(await handle(modern(2, 'server/discover')))).toBe(wire(error(2, -32601, 'Method not found')));
  });

  it('refuses an empty or unknown list of eras', () => {
    expect(() => makeServer([echo], { eras: [] })).toThrow(
      new TypeError('eras must list one or both of rev2025, rev2026'),
    );
    expect(() => makeServer([echo], { eras: ['2026'] as never })).toThrow(TypeError);
  });
});
