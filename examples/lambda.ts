// MCP as an AWS Lambda function behind API Gateway (HTTP API, payload format 2.0) or a function
// URL: the event becomes a web Request for the fetch handler, and its Response the result. Set
// MCP_ALLOWED_HOSTS to the API's domain (comma-separated), or every Host but localhost is refused
// (DNS rebinding protection). The result is buffered: an answer streamed as SSE (progress, then
// the response) is returned once it ends, so a subscriptions/listen stream, which does not end,
// needs Lambda's response streaming instead. Nothing is kept between invocations.
import { toFetchHandler } from 'zod-mcp';
import { createServer } from './server.ts';

/** What the handler reads of an API Gateway v2 event. */
export interface HttpApiEvent {
  readonly rawPath: string;
  readonly rawQueryString?: string;
  readonly headers?: Record<string, string | undefined>;
  readonly cookies?: string[];
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
  readonly requestContext: { readonly domainName: string; readonly http: { readonly method: string } };
}

export interface HttpApiResult {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly isBase64Encoded: false;
}

const mcp = toFetchHandler(createServer(), { allowedHosts: process.env.MCP_ALLOWED_HOSTS?.split(',') });

export async function handler(event: HttpApiEvent): Promise<HttpApiResult> {
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  if (event.cookies !== undefined) headers.set('cookie', event.cookies.join('; '));
  const method = event.requestContext.http.method;
  const body =
    event.body === undefined || method === 'GET' || method === 'HEAD'
      ? undefined
      : event.isBase64Encoded
        ? Uint8Array.from(atob(event.body), (c) => c.charCodeAt(0))
        : event.body;
  const response = await mcp(
    new Request(`https://${event.requestContext.domainName}${event.rawPath}${query}`, { method, headers, body }),
  );
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
    isBase64Encoded: false,
  };
}
