// The Content-Security-Policy the sandbox proxy gives a view, from its resource's `_meta.ui.csp`:
// MCP Apps 2026-01-26, "Content Security Policy Enforcement" (the construction) and "Host Behavior"
// (the restrictive default when `csp` is left out).
import type { McpUiResourceCsp } from '@modelcontextprotocol/ext-apps/app-bridge';

/**
 * The spec's default, and the three directives its "Sandbox proxy" section asks of every view:
 * frame-src and object-src are 'none' through default-src already, but base-uri has no fallback.
 */
export const RESTRICTIVE_DEFAULT =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'";

/**
 * The declared origins as one source list. An entry that could end the directive, add another
 * source or a keyword (whitespace, `;`, `,`, quotes) is dropped: a host MUST NOT allow what was not declared.
 */
function sources(domains: readonly string[] | undefined): string {
  return (domains ?? []).filter((domain) => domain !== '' && !/[\s;,'"]/.test(domain)).join(' ');
}

/** The policy, one line, directives in the spec's order. */
export function buildCsp(csp: McpUiResourceCsp | undefined): string {
  if (csp === undefined) return RESTRICTIVE_DEFAULT;
  const resources = sources(csp.resourceDomains);
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `connect-src 'self' ${sources(csp.connectDomains)}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `frame-src ${sources(csp.frameDomains) || "'none'"}`,
    "object-src 'none'",
    `base-uri ${sources(csp.baseUriDomains) || "'self'"}`,
  ]
    .map((directive) => directive.trim())
    .join('; ');
}
