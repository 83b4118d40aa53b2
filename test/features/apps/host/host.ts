// The host page: the official MCP client over Streamable HTTP to /<server>/mcp on its own origin
// (the test's page server passes it on to the MCP server), which calls an app tool and shows its
// view with the official AppBridge through the sandbox proxy on another origin. Its URL says what:
// ?endpoint=/chart/mcp&tool=show_chart&args=<JSON>&sandbox=<sandbox page URL>. It ends by writing
// `shown` (or `failed`) in #status.
import { Client, StreamableHTTPClientTransport, type ReadResourceResult } from '@modelcontextprotocol/client';
import {
  AppBridge,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  type McpUiResourceMeta,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { browser } from './dom.js';

const HOST_INFO = { name: 'zod-mcp-browser-test-host', version: '1.0.0' };
/** The view's container: 640 px wide, as tall as the view asks up to 600 (MCP Apps "Container Dimensions"). */
const HOST_CONTEXT = {
  platform: 'web',
  displayMode: 'inline',
  containerDimensions: { width: 640, maxHeight: 600 },
} as const;

/** A ui:// resource's HTML, from `text` or base64 `blob`. */
function htmlOf(content: ReadResourceResult['contents'][number]): string {
  if ('text' in content) return content.text;
  return new TextDecoder().decode(Uint8Array.from(atob(content.blob), (char) => char.charCodeAt(0)));
}

async function show(
  endpoint: string,
  toolName: string,
  args: Record<string, unknown>,
  sandboxUrl: string,
): Promise<void> {
  const client = new Client(HOST_INFO, {
    capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } } },
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint, browser.location.href)));
  const { tools } = await client.listTools();
  const uri = (tools.find((tool) => tool.name === toolName)?._meta?.ui as { resourceUri?: unknown } | undefined)
    ?.resourceUri;
  if (typeof uri !== 'string') throw new Error(`${toolName}: no _meta.ui.resourceUri in tools/list`);
  const [content] = (await client.readResource({ uri })).contents;
  if (content?.mimeType !== RESOURCE_MIME_TYPE) throw new Error(`${uri}: not ${RESOURCE_MIME_TYPE}`);
  const ui = content._meta?.ui as McpUiResourceMeta | undefined;
  const called = client.callTool({ name: toolName, arguments: args });

  const frame = browser.document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  browser.document.getElementById('app')!.append(frame);
  // Given the client, AppBridge answers the view's tools/call (and resources/*) by asking the server.
  const bridge = new AppBridge(client, HOST_INFO, { serverTools: {} }, { hostContext: HOST_CONTEXT });
  bridge.onsandboxready = () =>
    void bridge.sendSandboxResourceReady({ html: htmlOf(content), ...(ui?.csp === undefined ? {} : { csp: ui.csp }) });
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${Math.min(height, HOST_CONTEXT.containerDimensions.maxHeight)}px`;
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  // Listening before the sandbox page loads, so its sandbox-proxy-ready is not missed.
  const sandbox = frame.contentWindow!; // the same window once the sandbox page has loaded in it
  await bridge.connect(new PostMessageTransport(sandbox, sandbox));
  frame.src = sandboxUrl;
  await initialized; // nothing goes to the view before it says it is initialized
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(await called);
}

const query = new URL(browser.location.href).searchParams;
const status = browser.document.getElementById('status')!;
const report = (state: 'shown' | 'failed', text: string) => {
  status.setAttribute('data-state', state);
  status.textContent = text;
};
show(
  query.get('endpoint') ?? '',
  query.get('tool') ?? '',
  JSON.parse(query.get('args') ?? '{}') as Record<string, unknown>,
  query.get('sandbox') ?? '',
).then(
  () => report('shown', 'shown'),
  (error: unknown) => report('failed', `failed: ${error instanceof Error ? error.message : String(error)}`),
);
