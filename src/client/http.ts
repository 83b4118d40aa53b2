// The wire to a server over Streamable HTTP: each request a POST, answered with JSON or with an SSE
// stream that carries what the server sends about it and then the response; a 2025 session's id
// and version carried on every later request, and the session deleted at the end. Web-standard
// fetch only, so it runs wherever the client does.
import { readEvents } from './sse.js';
import { WireError, type Frame, type Wire } from './wire.js';

export interface HttpWireOptions {
  /** Sent on every request (`--header K:V`): a token, a toolset, a routing key. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

export function httpWire(url: string, options: HttpWireOptions = {}): Wire {
  const send = options.fetch ?? fetch;
  let session: string | undefined;
  let version: string | undefined;
  const post = async (frame: Frame, headers: Readonly<Record<string, string>> = {}) => {
    try {
      return await send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...options.headers,
          ...(session === undefined ? {} : { 'mcp-session-id': session }),
          ...(version === undefined || 'MCP-Protocol-Version' in headers ? {} : { 'mcp-protocol-version': version }),
          ...headers,
        },
        body: JSON.stringify(frame),
      });
    } catch (error) {
      throw new WireError(`${url}: ${reason(error)}`, { cause: error });
    }
  };
  return {
    async exchange(request, onMessage, headers) {
      const response = await post(request, headers);
      // a 2025 session is made by initialize; a 2026 answer's id, if any, means nothing
      if (request.method === 'initialize') session = response.headers.get('mcp-session-id') ?? undefined;
      const type = response.headers.get('content-type') ?? '';
      if (type.startsWith('text/event-stream') && response.ok && response.body !== null) {
        for await (const data of readEvents(response.body)) {
          const message = parse(data, url, response.status);
          // returning ends the loop, which cancels the rest of the stream
          if (message.method === undefined && message.id === request.id) return noteVersion(request, message);
          onMessage(message);
        }
        throw new WireError(`${url}: the event stream ended before the response to request ${String(request.id)}`);
      }
      const text = await response.text();
      if (type.startsWith('application/json') || text.trimStart().startsWith('{')) {
        const message = tryParse(text);
        if (message !== undefined && (message.result !== undefined || message.error !== undefined)) {
          return noteVersion(request, message);
        }
      }
      throw new WireError(`${url}: HTTP ${response.status}${text === '' ? '' : `: ${text.slice(0, 300)}`}`, {
        status: response.status,
      });
    },
    async send(message) {
      const response = await post(message);
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok)
        throw new WireError(`${url}: HTTP ${response.status} to a notification`, { status: response.status });
    },
    async close() {
      if (session === undefined) return;
      const headers = {
        'mcp-session-id': session,
        ...(version === undefined ? {} : { 'mcp-protocol-version': version }),
      };
      session = undefined;
      await send(url, { method: 'DELETE', headers: { ...options.headers, ...headers } })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    },
  };

  /** initialize's answer fixes the version every later 2025 request names in its header. */
  function noteVersion(request: Frame, response: Frame): Frame {
    const agreed = (response.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    if (request.method === 'initialize' && typeof agreed === 'string') version = agreed;
    return response;
  }
}

function parse(data: string, url: string, status: number): Frame {
  const message = tryParse(data);
  if (message === undefined)
    throw new WireError(`${url}: an event that is not a JSON object: ${data.slice(0, 200)}`, { status });
  return message;
}

function tryParse(text: string): Frame | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Frame) : undefined;
  } catch {
    return undefined;
  }
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
