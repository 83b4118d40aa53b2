// The host page's /<name>/mcp, passed on to an MCP server as it came, Origin included. Why not
// let the page call the server: `zod-mcp serve --http` sends no CORS headers and answers OPTIONS
// with 405 (docs/http.md, "Security"), so a page of another origin cannot call it; the same origin
// as the page can, and the server's Origin check serves it (a loopback name, on any port). On the
// way, each tools/call and its answer is kept: what reached the server, and what it said.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';

export interface ForwardedCall {
  readonly server: string;
  readonly name: unknown;
  readonly arguments: unknown;
  /** The answer's `result.structuredContent`, as the server sent it. */
  readonly structuredContent: unknown;
}

interface Message {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: { readonly name?: unknown; readonly arguments?: unknown };
  readonly result?: { readonly structuredContent?: unknown };
}

function parse(text: string): Message | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Message) : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON-RPC messages of an answer: a JSON body, or the `data:` lines of an SSE stream. */
function messagesOf(body: string, contentType: string | undefined): (Message | undefined)[] {
  if (!contentType?.startsWith('text/event-stream')) return [parse(body)];
  return body
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => parse(line.slice(5)));
}

export function forwardMcp(
  req: IncomingMessage,
  res: ServerResponse,
  server: string,
  upstream: string,
  calls: ForwardedCall[],
): void {
  const sent: Buffer[] = [];
  req.on('data', (chunk: Buffer) => sent.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(sent);
    const frame = parse(body.toString('utf8'));
    const target = new URL(upstream);
    const outgoing = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        const received: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => received.push(chunk));
        answer.on('end', () => {
          if (frame?.method !== 'tools/call') return;
          const reply = messagesOf(Buffer.concat(received).toString('utf8'), answer.headers['content-type']).find(
            (message) => message?.id === frame.id,
          );
          calls.push({
            server,
            name: frame.params?.name,
            arguments: frame.params?.arguments,
            structuredContent: reply?.result?.structuredContent,
          });
        });
        answer.pipe(res);
      },
    );
    outgoing.on('error', (error) => (res.headersSent ? res.destroy() : res.writeHead(502).end(String(error))));
    res.on('close', () => res.writableFinished || outgoing.destroy()); // the page went away first (a GET stream, say)
    outgoing.end(body);
  });
}
