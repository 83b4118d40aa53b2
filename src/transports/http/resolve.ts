// The options checked and resolved: a key no schema has refused naming the closest, the Host names and
// origins served, and what a mounted handler goes by.
import type { z } from 'zod/v4';
import { optionKeys, refuseUnknownOptions } from '../../core/options.js';
import { describeIssues } from '../../schema/issues.js';
import { ONCE } from '../../schema/parse.js';
import { checkDpopOptions } from './auth/dpop-gate.js';
import type { AuthOptions } from './auth/verify.js';
import { optionSchemas, type HttpHandlerOptions, type HttpOptions, type ResolvedHandlerOptions } from './options.js';

type Schemas = ReturnType<typeof optionSchemas>;

const NO_LINGER = { lingerMs: 0, maxLingerBytes: 0 };

export const LOCALHOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '::1'];

/**
 * A mounted handler knows no address it is bound to: without `allowedHosts` it serves the
 * localhost names only, or any Host with `auth` (the token decides). `caller` names it in errors.
 */
export function resolveHandlerOptions(
  input: HttpHandlerOptions = {},
  caller: string,
  kind: 'handler' | 'fetch' = 'handler',
): ResolvedHandlerOptions {
  const schemas = optionSchemas();
  const options = parseOptions(
    kind === 'fetch' ? schemas.FetchHandlerOptions : schemas.HttpHandlerOptions,
    input,
    caller,
  );
  const hosts = options.allowedHosts ?? (options.auth === undefined ? LOCALHOST_NAMES : undefined);
  // A web runtime's host has no socket to linger on: the options are not its (NO_LINGER fills them).
  return { ...NO_LINGER, ...options, path: options.path, ...resolveShared(caller, options, hosts) };
}

const AUTH_OPTIONS = optionKeys<AuthOptions>({
  issuer: true,
  resource: true,
  scopes: true,
  scopesSupported: true,
  jwksUri: true,
  algorithms: true,
  clockToleranceSec: true,
  jwksCacheMs: true,
  jwksCooldownMs: true,
  jwksMaxStaleMs: true,
  introspection: true,
  verify: true,
  dpop: true,
  dpopNonce: true,
  dpopReplay: true,
  dpopAlgorithms: true,
  dpopWindowSec: true,
  publicUrl: true,
  jose: true,
});

const INTROSPECTION_OPTIONS = optionKeys<NonNullable<AuthOptions['introspection']>>({
  clientId: true,
  clientSecret: true,
  endpoint: true,
});
const TLS_OPTIONS = optionKeys<NonNullable<HttpOptions['tls']>>({ cert: true, key: true, passphrase: true });

export function parseOptions<Schema extends z.ZodObject>(
  schema: Schema,
  input: unknown,
  caller: string,
): z.output<Schema> {
  refuseUnknownOptions(caller, input, Object.keys(schema.shape));
  const auth = (input as { auth?: { introspection?: unknown } } | undefined)?.auth;
  refuseUnknownOptions(`${caller}: auth`, auth, AUTH_OPTIONS);
  refuseUnknownOptions(`${caller}: auth.introspection`, auth?.introspection, INTROSPECTION_OPTIONS);
  if (auth !== undefined) checkDpopOptions(auth as AuthOptions, String((auth as AuthOptions).resource));
  refuseUnknownOptions(`${caller}: tls`, (input as { tls?: unknown } | undefined)?.tls, TLS_OPTIONS);
  const parsed = schema.safeParse(input, ONCE);
  if (!parsed.success) throw new TypeError(`${caller}: invalid options: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

type SharedInput = Pick<
  z.output<Schemas['HttpOptions']>,
  'healthPath' | 'maxBodyBytes' | 'maxBufferedBodyBytes' | 'allowedOrigins'
> & { readonly path?: string | undefined };

export function resolveShared(caller: string, options: SharedInput, hosts: readonly string[] | undefined) {
  if (options.healthPath === options.path)
    throw new TypeError(`${caller}: invalid options: healthPath: it is the MCP path (${options.path})`);
  const maxBufferedBodyBytes = options.maxBufferedBodyBytes ?? 16 * options.maxBodyBytes;
  if (maxBufferedBodyBytes < options.maxBodyBytes) {
    throw new TypeError(
      `${caller}: invalid options: maxBufferedBodyBytes: below maxBodyBytes (${options.maxBodyBytes}), so the ` +
        'largest body could never be read',
    );
  }
  return {
    maxBufferedBodyBytes,
    allowedHosts: hosts === undefined ? undefined : new Set(hosts.map(normalizeHostName)),
    allowedOrigins:
      options.allowedOrigins === undefined
        ? undefined
        : new Set(options.allowedOrigins.map((origin) => normalizeOrigin(origin, caller))),
  };
}

/** `[::1]` and `::1` are the same name; names compare case-insensitively. */
export function normalizeHostName(name: string): string {
  return name.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

function normalizeOrigin(origin: string, caller: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    throw new TypeError(`${caller}: allowedOrigins: not an origin: ${origin}`);
  }
}

/** A loopback name or address: `localhost`, `::1`, `127.x.y.z`. */
export function isLoopback(host: string): boolean {
  const name = normalizeHostName(host);
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}
