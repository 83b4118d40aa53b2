// The function examples as their platforms call them: examples/next-route.ts's POST, GET and DELETE
// called with web Requests as Next.js calls a route handler, and examples/lambda.ts's handler with
// a hand-made API Gateway v2 event. Both keep nothing between requests: a 2026 call and an MRTR
// round go through; a 2025 GET is 405.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpApiEvent, HttpApiResult } from '../../../examples/lambda.ts';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'runtime-example', version: '1.0.0' } };
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
};

const call = (id: number, name: string, args: object, extra: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...extra, _meta: ENVELOPE },
});
const added = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  result: {
    resultType: 'complete',
    content: [{ type: 'text', text: '{"sum":5}' }],
    structuredContent: { sum: 5 },
    isError: false,
    _meta: SERVER_INFO,
  },
});
const greeted = JSON.stringify({
  jsonrpc: '2.0',
  id: 3,
  result: {
    resultType: 'complete',
    content: [{ type: 'text', text: 'Hello, Ada!' }],
    isError: false,
    _meta: SERVER_INFO,
  },
});

/** An MRTR round through `send`: the first answer asks for the name, the retry with it completes. */
async function greetInRounds(send: (frame: object) => Promise<{ status: number; body: string }>): Promise<string> {
  const asked = await send(call(2, 'greet', {}));
  const first = JSON.parse(asked.body) as {
    result: { resultType: string; inputRequests: Record<string, { method: string }>; requestState: string };
  };
  expect({
    status: asked.status,
    resultType: first.result.resultType,
    asks: Object.keys(first.result.inputRequests),
  }).toStrictEqual({ status: 200, resultType: 'input_required', asks: ['name'] });
  const retried = await send(
    call(
      3,
      'greet',
      {},
      {
        inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
        requestState: first.result.requestState,
      },
    ),
  );
  return retried.body;
}

describe('examples/next-route.ts, called as Next.js calls an App Router route', () => {
  let route: typeof import('../../../examples/next-route.ts');
  beforeAll(async () => {
    route = await import('../../../examples/next-route.ts');
  });

  const post = async (frame: object) => {
    const response = await route.POST(
      new Request('http://localhost:3000/mcp', {
        method: 'POST',
        headers: { ...HEADERS, 'mcp-name': String((frame as { params: { name: string } }).params.name) },
        body: JSON.stringify(frame),
      }),
    );
    return { status: response.status, body: await response.text() };
  };

  it('answers a 2026 tools/call through POST, exactly, and completes an MRTR round', async () => {
    expect(await post(call(1, 'add', { a: 2, b: 3 }))).toStrictEqual({ status: 200, body: added });
    expect(await greetInRounds(post)).toBe(greeted);
    expect(route.dynamic).toBe('force-dynamic');
  });

  it('keeps no 2025 session: GET and DELETE are 405, naming POST', async () => {
    for (const handler of [route.GET, route.DELETE]) {
      const response = await handler(
        new Request('http://localhost:3000/mcp', {
          method: handler === route.GET ? 'GET' : 'DELETE',
          headers: { accept: 'text/event-stream' },
        }),
      );
      expect({ status: response.status, allow: response.headers.get('allow') }).toStrictEqual({
        status: 405,
        allow: 'POST',
      });
    }
  });
});

describe('examples/lambda.ts, invoked with an API Gateway v2 event', () => {
  const domain = 'abc123.execute-api.eu-west-1.amazonaws.com';
  let handler: (event: HttpApiEvent) => Promise<HttpApiResult>;
  beforeAll(async () => {
    vi.stubEnv('MCP_ALLOWED_HOSTS', domain);
    ({ handler } = await import('../../../examples/lambda.ts'));
  });
  afterAll(() => vi.unstubAllEnvs());

  /** The event API Gateway (HTTP API, payload 2.0) gives a function for a POST of `frame`. */
  function event(
    frame: object,
    options: { base64?: boolean; host?: string } = {},
  ): HttpApiEvent & Record<string, unknown> {
    const text = JSON.stringify(frame);
    const made = {
      version: '2.0',
      routeKey: 'POST /mcp',
      rawPath: '/mcp',
      rawQueryString: '',
      headers: {
        ...HEADERS,
        'mcp-name': String((frame as { params: { name: string } }).params.name),
        host: options.host ?? domain,
        'content-length': String(text.length),
        'x-forwarded-proto': 'https',
      },
      requestContext: {
        accountId: '123456789012',
        apiId: 'abc123',
        domainName: options.host ?? domain,
        domainPrefix: 'abc123',
        http: { method: 'POST', path: '/mcp', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' },
        requestId: 'req-1',
        routeKey: 'POST /mcp',
        stage: '$default',
        time: '02/Dec/2026:03:00:00 +0000',
        timeEpoch: 1_796_180_400_000,
      },
      body: options.base64 === true ? Buffer.from(text).toString('base64') : text,
      isBase64Encoded: options.base64 === true,
    };
    return made; // all of it, though the handler reads only part
  }
  const invoke = async (frame: object, options?: { base64?: boolean; host?: string }) => {
    const result = await handler(event(frame, options));
    expect(result.isBase64Encoded).toBe(false);
    return { status: result.statusCode, body: result.body };
  };

  it('answers a 2026 tools/call, from a plain body and from a base64 one, and completes an MRTR round', async () => {
    expect(await invoke(call(1, 'add', { a: 2, b: 3 }))).toStrictEqual({ status: 200, body: added });
    expect(await invoke(call(1, 'add', { a: 2, b: 3 }), { base64: true })).toStrictEqual({ status: 200, body: added });
    expect(await greetInRounds((frame) => invoke(frame))).toBe(greeted);
  });

  it('refuses a Host that is not the API domain (DNS rebinding protection)', async () => {
    expect(await invoke(call(1, 'add', { a: 2, b: 3 }), { host: 'evil.example' })).toStrictEqual({
      status: 403,
      body: JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Invalid Request', data: 'Host not allowed: evil.example' },
      }),
    });
  });
});
