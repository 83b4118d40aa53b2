// defineApp and a tool's `app` / `visibility`: what they refuse (by exact message), what they write
// on the wire (exact frames, both eras), and whom the server shows an app to.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { APP_BRIDGE_SOURCE, McpServer, defineApp, defineTool, type App } from '../../../src/index.js';

const PAGE = '<!DOCTYPE html><html><head><title>v</title></head><body>v</body></html>';
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const envelope = (capabilities: object) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});
const toolWith = (extra: object, name = 't') =>
  defineTool({ name, description: 'd', input: z.object({}), handler: () => 'ok', ...extra });

describe('defineApp refuses, naming what is wrong', () => {
  const cases: [string, object, string][] = [
    ['no view', {}, 'app: give exactly one of html, file or render'],
    ['two views', { html: PAGE, render: () => PAGE }, 'app: give exactly one of html, file or render'],
    [
      'not a document',
      { html: '<div>hi</div>' },
      'app: the view must be an HTML5 document starting with <!DOCTYPE html>',
    ],
    [
      'a uri of another scheme',
      { uri: 'https://x/app.html', html: PAGE },
      'app "https://x/app.html": uri must be a ui:// URI',
    ],
    [
      'an origin that widens the policy',
      { html: PAGE, csp: { connectDomains: ["https://a.example; script-src 'unsafe-eval'"] } },
      `app: csp.connectDomains[0]: "https://a.example; script-src 'unsafe-eval'" is not an origin (scheme://host[:port], the host may start with *.)`,
    ],
    [
      'a path',
      { html: PAGE, csp: { resourceDomains: ['https://cdn.example/lib.js'] } },
      'app: csp.resourceDomains[0]: "https://cdn.example/lib.js" is not an origin (scheme://host[:port], the host may start with *.)',
    ],
    [
      'a bare wildcard',
      { html: PAGE, csp: { frameDomains: ['*'] } },
      'app: csp.frameDomains[0]: "*" is not an origin (scheme://host[:port], the host may start with *.)',
    ],
    ['an unknown csp key', { html: PAGE, csp: { scriptDomains: [] } }, 'app: csp: unknown option "scriptDomains"'],
    [
      'an unknown permission',
      { html: PAGE, permissions: ['usb'] },
      'app: permissions: unknown permission "usb"; known are camera, microphone, geolocation, clipboardWrite',
    ],
    ['a missing file', { file: '/nonexistent/view.html' }, 'app: file /nonexistent/view.html does not exist'],
    ['an unknown option', { html: PAGE, sandbox: 'allow-forms' }, 'app: unknown option "sandbox"'],
  ];
  it.each(cases)('%s', (_, definition, message) => {
    expect(() => defineApp(definition as never)).toThrow(new TypeError(message));
  });

  it('a tool refuses an app and a _meta.ui at once, a visibility of no one, and a caller twice', () => {
    const app = defineApp({ html: PAGE });
    expect(() => toolWith({ app, _meta: { ui: { resourceUri: 'ui://x' } } })).toThrow(
      new TypeError('tool "t": give app or _meta.ui, not both (app writes _meta.ui)'),
    );
    expect(() => toolWith({ visibility: [] })).toThrow(
      new TypeError('tool "t": visibility: Too small: expected array to have >=1 items'),
    );
    expect(() => toolWith({ visibility: ['app', 'app'] })).toThrow(
      new TypeError('tool "t": visibility lists a caller twice'),
    );
    expect(() => toolWith({ app: { html: PAGE } })).toThrow(new TypeError('tool "t": app must be made by defineApp'));
    expect(() => toolWith({ _meta: { ui: { resourceUri: 'ui://a' }, 'ui/resourceUri': 'ui://b' } })).toThrow(
      new TypeError('tool "t": _meta["ui/resourceUri"] must be the same URI as _meta.ui.resourceUri'),
    );
  });
});

describe('an app on the wire', () => {
  const view = defineApp({
    html: PAGE,
    csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://*.cdn.example'] },
    permissions: ['clipboardWrite'],
    prefersBorder: false,
    title: 'A view',
  });
  const shown = toolWith({ app: view }, 'shown');
  const hidden = toolWith({ app: view, visibility: ['app'] }, 'hidden');
  const server = new McpServer({ name: 's', version: '1', tools: [shown, hidden] });
  const ui = {
    csp: {
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://*.cdn.example'],
      frameDomains: [],
      baseUriDomains: [],
    },
    permissions: { clipboardWrite: {} },
    prefersBorder: false,
  };
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} };

  it('links the view from the first tool that names it, and writes both keys of _meta', async () => {
    const listed = await server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: envelope(APPS) },
    });
    expect(JSON.stringify(listed)).toBe(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: {
          resultType: 'complete',
          tools: [
            {
              name: 'shown',
              description: 'd',
              inputSchema: schema,
              _meta: { ui: { resourceUri: 'ui://shown/app.html' }, 'ui/resourceUri': 'ui://shown/app.html' },
            },
            {
              name: 'hidden',
              description: 'd',
              inputSchema: schema,
              _meta: {
                ui: { resourceUri: 'ui://shown/app.html', visibility: ['app'] },
                'ui/resourceUri': 'ui://shown/app.html',
              },
            },
          ],
          ttlMs: 0,
          cacheScope: 'private',
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
        },
      }),
    );
  });

  it('serves the view with its _meta.ui, to any client that reads it', async () => {
    const read = await server.handle({
      jsonrpc: '2.0',
      id: 2,
      method: 'resources/read',
      params: { uri: 'ui://shown/app.html', _meta: envelope({}) },
    });
    expect(JSON.stringify(read)).toBe(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        result: {
          resultType: 'complete',
          contents: [{ uri: 'ui://shown/app.html', mimeType: 'text/html;profile=mcp-app', text: PAGE, _meta: { ui } }],
          ttlMs: 0,
          cacheScope: 'private',
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
        },
      }),
    );
    expect(await server.listResources()).toStrictEqual([
      {
        uri: 'ui://shown/app.html',
        name: 'shown',
        title: 'A view',
        mimeType: 'text/html;profile=mcp-app',
        _meta: { ui },
      },
    ]);
  });

  it('a 2025 client that declares the extension sees it all; one that does not, none of it', async () => {
    const initialize = (capabilities: object) => ({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'c', version: '1' } },
    });
    const host = server.createSession();
    const plain = server.createSession();
    const initialized = await server.handle(initialize(APPS), { session: host });
    expect((initialized as unknown as { result: { capabilities: object } }).result.capabilities).toStrictEqual({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      completions: {},
      logging: {},
      extensions: { 'io.modelcontextprotocol/ui': {} },
    });
    await server.handle(initialize({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html'] } } }), {
      session: plain,
    });
    const names = async (session: ReturnType<typeof server.createSession>) =>
      (
        (await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { session })) as unknown as {
          result: { tools: { name: string; _meta?: object }[] };
        }
      ).result.tools;
    expect((await names(host)).map((tool) => tool.name)).toStrictEqual(['shown', 'hidden']);
    expect(await names(plain)).toStrictEqual([{ name: 'shown', description: 'd', inputSchema: schema }]);
    const call = (session: ReturnType<typeof server.createSession>) =>
      server.handle({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'hidden' } }, { session });
    expect(await call(host)).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'ok' }], isError: false },
    });
    expect(await call(plain)).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'unknown tool: hidden' }], isError: true },
    });
    const listed = (await server.handle(
      { jsonrpc: '2.0', id: 3, method: 'resources/list' },
      { session: plain },
    )) as unknown as { result: { resources: unknown[] } };
    expect(listed.result.resources).toStrictEqual([]);
  });

  it('the in-process client is the author: it sees and calls the app-only tool', async () => {
    expect((await server.listTools())?.map((tool) => tool.name)).toStrictEqual(['shown', 'hidden']);
    expect(await server.callTool('hidden')).toStrictEqual({ content: [{ type: 'text', text: 'ok' }], isError: false });
  });

  it('a server with no app declares no extension, and takes no app tool later', () => {
    const bare = new McpServer({ name: 's', version: '1', tools: [toolWith({})] });
    expect(() => bare.addTool(toolWith({ app: defineApp({ html: PAGE }) }, 'late'))).toThrow(
      new TypeError(
        `addTool("late"): the tool is an MCP App's, but this server was built with none, so it does not declare the extension`,
      ),
    );
  });

  it('a server whose app tools link no view serves no resources, and says so when one with a view is added', () => {
    const byHand = new McpServer({ name: 's', version: '1', tools: [toolWith({ visibility: ['app'] })] });
    expect(() => byHand.addTool(toolWith({ app: defineApp({ html: PAGE }) }, 'late'))).toThrow(
      new TypeError('this server serves no resources: give the resources option (even empty) to serve them'),
    );
  });

  it('addTool serves the view of a new app tool', async () => {
    const live = new McpServer({ name: 's', version: '1', tools: [shown] });
    live.addTool(toolWith({ app: defineApp({ uri: 'ui://late/view.html', html: PAGE }) }, 'late'));
    expect((await live.readResource('ui://late/view.html'))?.contents[0]).toMatchObject({
      uri: 'ui://late/view.html',
      text: PAGE,
    });
  });
});

describe('where the view comes from', () => {
  const readView = async (app: App, args: object = {}) => {
    const server = new McpServer({ name: 's', version: '1', tools: [toolWith({ app, ...args })] });
    return (await server.readResource('ui://t/app.html'))?.contents[0] as { text: string };
  };

  it('file: read on each resources/read, so a rebuilt bundle is served as it is now', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'apps-')), 'view.html');
    writeFileSync(file, PAGE);
    const app = defineApp({ file });
    expect((await readView(app)).text).toBe(PAGE);
    writeFileSync(file, PAGE.replace('>v<', '>w<'));
    expect((await readView(app)).text).toBe(PAGE.replace('>v<', '>w<'));
    writeFileSync(file, 'not html');
    const server = new McpServer({ name: 's', version: '1', tools: [toolWith({ app })], onError: () => {} });
    expect(
      await server.handle({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'ui://t/app.html' } }),
    ).toStrictEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } });
  });

  it('render: called per read with the read context', async () => {
    const app = defineApp({ render: async ({ uri }) => PAGE.replace('>v<', `>${uri}<`) });
    expect((await readView(app)).text).toBe(PAGE.replace('>v<', '>ui://t/app.html<'));
  });

  it('bridge: its script comes first in <head>, before the app’s own', async () => {
    const text = (await readView(defineApp({ html: PAGE, bridge: true }))).text;
    expect(text).toBe(
      `<!DOCTYPE html><html><head><script>${APP_BRIDGE_SOURCE}</script><title>v</title></head><body>v</body></html>`,
    );
    expect(APP_BRIDGE_SOURCE).not.toContain('</script');
  });
});
