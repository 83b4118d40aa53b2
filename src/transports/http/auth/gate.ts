// The resource server at the door: Protected Resource Metadata (RFC 9728) for clients to find the
// authorization server, and a bearer token checked on every MCP request (RFC 6750), both eras.
import type { HttpRequest, HttpResponse } from '../messages.js';
import { permits, type AuthInfo } from '../../../core/auth.js';
import { canonicalResource, InvalidToken } from './claims.js';
import { createVerifier, type AuthOptions } from './verify.js';
import { Unavailable } from './remote.js';
import { utf8Length } from '../../../runtime/bytes.js';

export interface AuthGate {
  /** The metadata document's paths: under the MCP endpoint's path, and the root form. */
  readonly metadataPaths: ReadonlySet<string>;
  sendMetadata(res: HttpResponse, scopesSupported: readonly string[]): void;
  /** The caller, or undefined once the refusal (401, 403, 400) has been sent. */
  check(req: HttpRequest, res: HttpResponse): Promise<AuthInfo | undefined>;
  /** The `WWW-Authenticate` of a 403 for a tool, prompt or resource that needs more scopes. */
  scopeChallenge(scopes: readonly string[], description: string): string;
}

/** RFC 6750 quoted values: printable ASCII but `"` and `\`; anything else (a URI in another script) becomes `?`. */
function quotable(value: string): string {
  return value.replace(/[^\x20\x21\x23-\x5B\x5D-\x7E]/g, '?');
}

/** token68 (RFC 7235): what a bearer token may be made of. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** `report`: a failure of ours, each time; `warn`: where an outage of the authorization server starts and ends. */
export function createAuthGate(
  options: AuthOptions,
  report: (error: unknown) => void,
  warn: (message: string) => void,
): AuthGate {
  const resource = canonicalResource(options.resource);
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname;
  const metadataUrl = `${url.origin}/.well-known/oauth-protected-resource${path}`;
  const verify = createVerifier(options, warn);
  const required = [...(options.scopes ?? [])];
  const issuers = typeof options.issuer === 'string' ? [options.issuer] : [...options.issuer];

  const challenge = (fields: Record<string, string | undefined>) => {
    const given = Object.entries(fields).flatMap(([name, value]) =>
      value === undefined ? [] : [`${name}="${quotable(value)}"`],
    );
    return `Bearer ${[`resource_metadata="${metadataUrl}"`, ...given].join(', ')}`;
  };
  const scope = required.length === 0 ? undefined : required.join(' ');
  const refuse = (
    res: HttpResponse,
    status: number,
    error: string | undefined,
    description: string,
    headers: Record<string, string> = {},
  ) => {
    const body = JSON.stringify({ error: error ?? 'invalid_token', error_description: description });
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': utf8Length(body),
      'cache-control': 'no-store',
      ...(status !== 401 && status !== 403
        ? {}
        : {
            'www-authenticate': challenge({
              ...(error === undefined ? {} : { error }),
              scope,
              ...(error === undefined ? {} : { error_description: description }),
            }),
          }),
      ...headers,
    });
    res.end(body);
    return undefined;
  };

  return {
    metadataPaths: new Set([`/.well-known/oauth-protected-resource${path}`, '/.well-known/oauth-protected-resource']),
    sendMetadata(res, scopesSupported) {
      const body = JSON.stringify({
        resource,
        authorization_servers: issuers,
        ...(scopesSupported.length === 0 ? {} : { scopes_supported: scopesSupported }),
        bearer_methods_supported: ['header'],
      });
      // A public document: browser-based clients read it across origins.
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': utf8Length(body),
        'access-control-allow-origin': '*',
        'cache-control': 'max-age=300',
      });
      res.end(body);
    },
    async check(req, res) {
      const headers = req.headersDistinct.authorization ?? [];
      if (headers.length === 0)
        return refuse(res, 401, undefined, 'this MCP server needs a bearer token (see resource_metadata)');
      if (headers.length > 1) return refuse(res, 400, 'invalid_request', 'more than one Authorization header');
      const [scheme, token, ...rest] = headers[0]!.trim().split(/ +/);
      if (scheme?.toLowerCase() !== 'bearer')
        return refuse(res, 401, undefined, 'this MCP server takes bearer tokens only (see resource_metadata)');
      if (token === undefined || rest.length > 0 || !TOKEN68.test(token))
        return refuse(res, 400, 'invalid_request', 'the Authorization header is not "Bearer <token>"');
      let auth: AuthInfo;
      try {
        auth = await verify(token);
      } catch (error) {
        if (error instanceof InvalidToken) return refuse(res, 401, 'invalid_token', error.message);
        // Our failure, not the client's. An outage of the authorization server was said once, where it started.
        const unavailable = error instanceof Unavailable;
        if (!unavailable) report(error);
        return refuse(
          res,
          503,
          'temporarily_unavailable',
          'the token could not be checked now; try again',
          unavailable ? { 'retry-after': String(error.retryAfterSec) } : {},
        );
      }
      if (!permits(auth, required))
        return refuse(
          res,
          403,
          'insufficient_scope',
          `this MCP server needs the scope${required.length > 1 ? 's' : ''} ${required.join(' ')}`,
        );
      return auth;
    },
    scopeChallenge: (scopes, description) =>
      challenge({
        error: 'insufficient_scope',
        scope: [...new Set([...required, ...scopes])].join(' '),
        error_description: description,
      }),
  };
}
