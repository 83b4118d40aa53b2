// The sandbox proxy (MCP Apps 2026-01-26, "Sandbox proxy"), on another origin than the host: it loads
// the view's HTML in an inner iframe under the CSP built from its resource's `_meta.ui.csp`, and
// passes every message but the `ui/notifications/sandbox-*` ones between the host and the view.
// Served without a CSP of its own, so the view's policy is the only one (a srcdoc frame inherits
// its parent's). `permissions` grants nothing: the spec leaves the `allow` attribute a MAY.
import type { McpUiSandboxResourceReadyNotification } from '@modelcontextprotocol/ext-apps/app-bridge';
import { buildCsp } from './csp.js';
import { browser } from './dom.js';

type ResourceReady = McpUiSandboxResourceReadyNotification['params'];

/** The host's origin, which the host puts in this page's URL: other senders are ignored, and messages go only there. */
const hostOrigin = new URL(browser.location.href).searchParams.get('host') ?? '';
const SANDBOX_PREFIX = 'ui/notifications/sandbox-';
const RESOURCE_READY: McpUiSandboxResourceReadyNotification['method'] = 'ui/notifications/sandbox-resource-ready';
const view = browser.document.createElement('iframe');

function methodOf(data: unknown): string | undefined {
  const method = typeof data === 'object' && data !== null ? (data as { method?: unknown }).method : undefined;
  return typeof method === 'string' ? method : undefined;
}

/** The view's document with its policy as the first element of its head, so it holds before any of the view's own scripts runs. */
function withPolicy(html: string, policy: string): string {
  const parsed = new browser.DOMParser().parseFromString(html, 'text/html');
  const meta = parsed.createElement('meta');
  meta.setAttribute('http-equiv', 'Content-Security-Policy');
  meta.setAttribute('content', policy);
  parsed.head.prepend(meta);
  return `${parsed.doctype === null ? '' : '<!DOCTYPE html>'}${parsed.documentElement.outerHTML}`;
}

function load({ html, sandbox, csp }: ResourceReady): void {
  // Without allow-same-origin the view's origin is opaque: it cannot reach into this page, nor act as this origin.
  view.setAttribute('sandbox', sandbox ?? 'allow-scripts');
  view.srcdoc = withPolicy(html, buildCsp(csp));
  browser.document.body.append(view);
}

browser.addEventListener('message', (event) => {
  const method = methodOf(event.data);
  if (event.source === browser.parent) {
    if (event.origin !== hostOrigin) return;
    if (method === RESOURCE_READY) return load((event.data as McpUiSandboxResourceReadyNotification).params);
    if (method?.startsWith(SANDBOX_PREFIX)) return;
    view.contentWindow?.postMessage(event.data, '*'); // an opaque origin can only be reached with '*'
  } else if (view.contentWindow !== null && event.source === view.contentWindow) {
    if (method?.startsWith(SANDBOX_PREFIX)) return;
    browser.parent.postMessage(event.data, hostOrigin);
  }
});

browser.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, hostOrigin);
