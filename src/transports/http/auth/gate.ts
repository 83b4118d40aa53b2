// The resource server at the door: Protected Resource Metadata (RFC 9728) for clients to find the
// authorization server, and a bearer token checked on every MCP request (RFC 6750), both eras.
import type { HttpRequest, HttpResponse } from '../messages.js';
import { permits, type AuthInfo } from '../../../core/auth.js';
import { canonicalResource, InvalidToken } from './claims.js';
import { StoreUnavailableError } from '../../../core/tasks/store.js';
import { boundKey, createDpopGate, type DpopMode } from './dpop-gate.js';
import { loadJose } from './jose.js';
import { createVerifier, type AuthOptions } from './verify.js';
import { Unavailable } from './remote.js';
import { utf8Length } from '../../../runtime/bytes.js';
import { writeDiagnostic } from '../../../runtime/host.js';

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

type Scheme = 'Bearer' | 'DPoP';

/** When each refusal reason was last said: a reason at most once a minute, at most 64 reasons kept. */
const said = new Map<string, number>();

/**
 * A DPoP refusal's reason on the server's diagnostics (stderr), never the token or the proof: once a
 * minute per reason, so that a client sending bad proofs cannot flood the log.
 */
function noteRefusal(description: string): void {
  const now = Date.now();
  if ((said.get(description) ?? -Infinity) > now - 60_000) return;
  said.delete(description);
  if (said.size >= 64) said.delete(said.keys().next().value!);
  said.set(description, now);
  writeDiagnostic(`zod-mcp: auth: a DPoP request refused: ${description}`);
}

/** The Authorization scheme, case aside, when the server takes it. */
function schemeOf(word: string | undefined, mode: DpopMode): Scheme | undefined {
  const lower = word?.toLowerCase();
  if (lower === 'bearer') return 'Bearer';
  return lower === 'dpop' && mode !== 'off' ? 'DPoP' : undefined;
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
  const dpop = createDpopGate(options, resource, () => loadJose(options));
  const required = [...(options.scopes ?? [])];
  const issuers = typeof options.issuer === 'string' ? [options.issuer] : [...options.issuer];

  const algs = dpop.algorithms.join(' ');
  /** A `Bearer` challenge (RFC 6750), or a `DPoP` one (RFC 9449 §7.1), which also names the algorithms. */
  const challenge = (fields: Record<string, string | undefined>, scheme: Scheme = 'Bearer') => {
    const given = Object.entries({ ...fields, ...(scheme === 'DPoP' ? { algs } : {}) }).flatMap(([name, value]) =>
      value === undefined ? [] : [`${name}="${quotable(value)}"`],
    );
    return `${scheme} ${[`resource_metadata="${metadataUrl}"`, ...given].join(', ')}`;
  };
  const scope = required.length === 0 ? undefined : required.join(' ');
  const refuse = (
    res: HttpResponse,
    status: number,
    error: string | undefined,
    description: string,
    headers: Record<string, string> = {},
    scheme: Scheme = 'Bearer',
  ) => {
    if (scheme === 'DPoP' && status === 401) noteRefusal(description);
    const body = JSON.stringify({ error: error ?? 'invalid_token', error_description: description });
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': utf8Length(body),
      'cache-control': 'no-store',
      ...(status !== 401 && status !== 403
        ? {}
        : {
            'www-authenticate': challenge(
              {
                ...(error === undefined ? {} : { error }),
                scope,
                ...(error === undefined ? {} : { error_description: description }),
              },
              scheme,
            ),
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
        ...(dpop.mode === 'off' ? {} : { dpop_signing_alg_values_supported: dpop.algorithms }),
        ...(dpop.mode === 'required' ? { dpop_bound_access_tokens_required: true } : {}),
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
      const needs = dpop.mode === 'required' ? 'a DPoP-bound token' : 'a bearer token';
      const first: Scheme = dpop.mode === 'required' ? 'DPoP' : 'Bearer';
      if (headers.length === 0)
        return refuse(res, 401, undefined, `this MCP server needs ${needs} (see resource_metadata)`, {}, first);
      if (headers.length > 1) return refuse(res, 400, 'invalid_request', 'more than one Authorization header');
      const [word, token, ...rest] = headers[0]!.trim().split(/ +/);
      const scheme = schemeOf(word, dpop.mode);
      if (scheme === undefined) {
        const takes = dpop.mode === 'off' ? 'bearer tokens only' : 'bearer and DPoP tokens only';
        return refuse(res, 401, undefined, `this MCP server takes ${takes} (see resource_metadata)`, {}, first);
      }
      if (token === undefined || rest.length > 0 || !TOKEN68.test(token))
        return refuse(res, 400, 'invalid_request', `the Authorization header is not "${scheme} <token>"`);
      if (scheme === 'Bearer' && dpop.mode === 'required')
        return refuse(res, 401, 'invalid_token', 'this MCP server takes DPoP-bound tokens only', {}, 'DPoP');
      let auth: AuthInfo;
      try {
        auth = await verify(token);
      } catch (error) {
        if (error instanceof InvalidToken) return refuse(res, 401, 'invalid_token', error.message, {}, scheme);
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
      const jkt = boundKey(auth);
      let burn: (() => Promise<boolean>) | undefined;
      if (scheme === 'Bearer' && jkt !== undefined) {
        const description = 'the token is bound to a key: send it with the DPoP scheme and a DPoP proof';
        return refuse(res, 401, 'invalid_token', description, {}, 'DPoP');
      }
      if (scheme === 'DPoP') {
        if (jkt === undefined)
          return refuse(res, 401, 'invalid_token', 'the token is not bound to a key (no cnf.jkt)', {}, 'DPoP');
        const verdict = await dpop.check(req, token, jkt).catch((error: unknown) => {
          report(error); // ours (no jose to check proofs with), not the client's
          return undefined;
        });
        if (verdict === undefined)
          return refuse(res, 503, 'temporarily_unavailable', 'the DPoP proof could not be checked now; try again');
        if (!verdict.ok) {
          const nonce = verdict.error === 'use_dpop_nonce' ? await dpop.nonce() : undefined;
          return refuse(res, 401, verdict.error, verdict.description, nonce ? { 'dpop-nonce': nonce } : {}, 'DPoP');
        }
        burn = verdict.burn;
      }
      if (!permits(auth, required))
        return refuse(
          res,
          403,
          'insufficient_scope',
          `this MCP server needs the scope${required.length > 1 ? 's' : ''} ${required.join(' ')}`,
          {},
          scheme,
        );
      // A proof is spent only once everything else has passed (RFC 9449 §11.1).
      if (burn !== undefined) {
        const fresh = await burn().catch((error: unknown) => {
          // the replay store failed: ours (an outage of a shared store was told once, by the store)
          if (!(error instanceof StoreUnavailableError)) report(error);
          return undefined;
        });
        if (fresh === undefined)
          return refuse(res, 503, 'temporarily_unavailable', 'the DPoP proof could not be checked now; try again');
        if (!fresh) return refuse(res, 401, 'invalid_dpop_proof', 'the DPoP proof was used before', {}, 'DPoP');
      }
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
