// The script `defineApp({ bridge: true })` puts at the top of a view's <head>: the view's side of the
// MCP Apps postMessage protocol (apps.mdx "Transport Layer", "Lifecycle"), as `window.mcpApp`, for an
// app of plain HTML with no bundler and no SDK. Written in the JavaScript every host's browser runs.

/** `window.mcpApp` in the view; see docs/apps.md for each member. */
export const APP_BRIDGE_SOURCE = `(() => {
  const host = window.parent;
  const pending = new Map();
  const handlers = { input: [], result: [], cancelled: [], context: [], teardown: [] };
  const last = {};
  let nextId = 1;
  const post = (message) => host.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*');
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    post({ id, method, params });
  });
  const emit = (kind, value) => {
    last[kind] = value;
    for (const handler of handlers[kind]) handler(value);
  };
  const on = (kind) => (handler) => {
    handlers[kind].push(handler);
    if (kind in last) handler(last[kind]);
  };
  const app = {
    hostContext: {},
    onInput: on('input'),
    onResult: on('result'),
    onCancelled: on('cancelled'),
    onContextChange: on('context'),
    onTeardown: (handler) => void handlers.teardown.push(handler),
    callTool: (name, args) => request('tools/call', { name, arguments: args || {} }),
    readResource: (uri) => request('resources/read', { uri }),
    sendMessage: (text) => request('ui/message', { role: 'user', content: [{ type: 'text', text }] }),
    updateModelContext: (context) => request('ui/update-model-context', context),
    openLink: (url) => request('ui/open-link', { url }),
    log: (level, data) => post({ method: 'notifications/message', params: { level, data } }),
  };
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (event.source !== host || message === null || typeof message !== 'object' || message.jsonrpc !== '2.0') return;
    if (message.method === undefined) {
      const waiting = pending.get(message.id);
      if (waiting === undefined) return;
      pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(Object.assign(new Error(String(message.error.message)), \
message.error));
      else waiting.resolve(message.result);
      return;
    }
    const params = message.params || {};
    if (message.method === 'ui/notifications/tool-input') emit('input', params.arguments || {});
    else if (message.method === 'ui/notifications/tool-result') emit('result', params);
    else if (message.method === 'ui/notifications/tool-cancelled') emit('cancelled', params.reason);
    else if (message.method === 'ui/notifications/host-context-changed') emit('context', \
Object.assign(app.hostContext, params));
    else if (message.method === 'ui/resource-teardown') {
      Promise.allSettled(handlers.teardown.map((handler) => handler(params.reason))).then(() => post({ id: \
message.id, result: {} }));
    } else if (message.method === 'ping') post({ id: message.id, result: {} });
    else if (message.id !== undefined) post({ id: message.id, error: { code: -32601, message: 'Method not found: ' + \
message.method } });
  });
  app.ready = request('ui/initialize', {
    protocolVersion: '2026-01-26',
    appInfo: { name: document.title || 'mcp-app', version: '1.0.0' },
    appCapabilities: {},
  }).then((result) => {
    Object.assign(app.hostContext, result.hostContext || {});
    app.host = { info: result.hostInfo, capabilities: result.hostCapabilities || {} };
    post({ method: 'ui/notifications/initialized', params: {} });
    let size = '';
    const report = () => {
      const element = document.documentElement;
      const next = { width: Math.ceil(element.scrollWidth), height: Math.ceil(element.scrollHeight) };
      if (JSON.stringify(next) === size) return;
      size = JSON.stringify(next);
      post({ method: 'ui/notifications/size-changed', params: next });
    };
    const observe = () => {
      report();
      new ResizeObserver(report).observe(document.documentElement);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observe);
    else observe();
    return app.hostContext;
  });
  window.mcpApp = app;
})();`;

/**
 * The HTML with the bridge first in its <head> (or after <html>, or the doctype), so it runs before the app's own
 * scripts.
 */
export function withBridge(html: string): string {
  const script = `<script>${APP_BRIDGE_SOURCE}</script>`;
  const at = /<head(?:\s[^>]*)?>/i.exec(html) ?? /<html(?:\s[^>]*)?>/i.exec(html) ?? /<!doctype html[^>]*>/i.exec(html);
  if (at === null) return script + html;
  const end = at.index + at[0].length;
  return html.slice(0, end) + script + html.slice(end);
}
