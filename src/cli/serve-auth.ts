// serve's authorization flags: an OAuth 2.1 resource server (--auth-issuer, --auth-audience,
// --auth-scopes), with DPoP (--auth-dpop).
import { UsageError } from './usage-error.js';

/** What serveHttp's `auth` is given from the command line. */
export interface ServeAuth {
  issuer: string;
  resource: string;
  scopes: string[];
  dpop?: 'off' | 'allowed' | 'required';
}

export function parseAuth(
  command: string,
  issuer: string | undefined,
  audience: string | undefined,
  scopes: string | undefined,
): ServeAuth | undefined {
  if (issuer === undefined && audience === undefined) {
    if (scopes !== undefined) throw new UsageError(`${command}: --auth-scopes needs --auth-issuer and --auth-audience`);
    return undefined;
  }
  if (issuer === undefined || audience === undefined)
    throw new UsageError(`${command}: --auth-issuer and --auth-audience go together`);
  for (const [flag, url] of [
    ['--auth-issuer', issuer],
    ['--auth-audience', audience],
  ] as const) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new UsageError(`${command}: ${flag}: not an http(s) URL: ${url}`);
  }
  return {
    issuer,
    resource: audience,
    scopes:
      scopes === undefined
        ? []
        : scopes
            .split(',')
            .map((scope) => scope.trim())
            .filter(Boolean),
  };
}

/** `--auth-dpop off|allowed|required`, which only a protected server takes. */
export function withDpop(
  command: string,
  auth: ServeAuth | undefined,
  dpop: string | undefined,
): ServeAuth | undefined {
  if (auth === undefined) {
    if (dpop !== undefined) throw new UsageError(`${command}: --auth-dpop needs --auth-issuer and --auth-audience`);
    return undefined;
  }
  if (dpop !== undefined && dpop !== 'off' && dpop !== 'allowed' && dpop !== 'required')
    throw new UsageError(`${command}: --auth-dpop: off, allowed or required, not ${dpop}`);
  return dpop === undefined ? auth : { ...auth, dpop };
}
