// `icons` and `_meta` on tools, resources, templates, prompts and the server itself: checked when
// defined, and where each era's frames carry them (exact frames, key order included).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, definePrompt, defineResource, defineResourceTemplate } from '../../src/index.js';
import { modern, V2026 } from '../helpers/eras.js';
import { makeServer, request, resultOf, wire } from '../helpers/server.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const input = z.object({});
const handler = () => 'ok';

const weather = defineTool({
  name: 'weather',
  title: 'Weather',
  description: 'The weather.',
  input: z.object({ city: z.string() }),
  annotations: { readOnlyHint: true },
  // Written in another order than the wire's: an icon is sent as src, mimeType, sizes, theme.
  icons: [
    { theme: 'dark', sizes: ['48x48', 'any'], src: 'https://example.com/weather-dark.svg', mimeType: 'image/svg+xml' },
    { src: PNG },
  ],
  _meta: { 'com.example/owner': 'team-weather', 'com.example.mcp/ok': true, plain: 1 },
  handler,
});
const plain = defineTool({ name: 'plain', description: 'No icons.', input, handler });

const weatherEntry = {
  name: 'weather',
  title: 'Weather',
  description: 'The weather.',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
  icons: [
    { src: 'https://example.com/weather-dark.svg', mimeType: 'image/svg+xml', sizes: ['48x48', 'any'], theme: 'dark' },
    { src: PNG },
  ],
  annotations: { readOnlyHint: true },
  _meta: { 'com.example/owner': 'team-weather', 'com.example.mcp/ok': true, plain: 1 },
};
const plainEntry = {
  name: 'plain',
  description: 'No icons.',
  inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} },
};

const identity = {
  title: 'Forecasts',
  description: 'Weather for people and models.',
  websiteUrl: 'https://example.com/forecasts',
  icons: [{ src: 'https://example.com/logo.png', mimeType: 'image/png', sizes: ['128x128'] }],
};
const fullInfo = { name: 'test-server', version: '1.2.3', ...identity };
const shortInfo = { name: 'test-server', version: '1.2.3', title: 'Forecasts' };
const initialize = request(1, 'initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'c', version: '1' },
});

describe('tools/list carries icons and _meta', () => {
  it('2025: icons after outputSchema, then annotations, _meta last; a tool without them as before', async () => {
    const { handle } = makeServer([weather, plain]);
    expect(wire(await handle(request(2, 'tools/list')))).toBe(
      wire({ jsonrpc: '2.0', id: 2, result: { tools: [weatherEntry, plainEntry] } }),
    );
  });

  it("2026: the same entries; the result's own _meta holds the short serverInfo", async () => {
    const { handle } = makeServer([weather, plain], identity);
    expect(wire(await handle(modern(3, 'tools/list')))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 3,
        result: {
          resultType: 'complete',
          tools: [weatherEntry, plainEntry],
          ttlMs: 0,
          cacheScope: 'private',
          _meta: { 'io.modelcontextprotocol/serverInfo': shortInfo },
        },
      }),
    );
  });

  it('sends the _meta as it was when the tool was defined', () => {
    const meta: Record<string, unknown> = { 'com.example/n': 1 };
    const tool = defineTool({ name: 't', description: 'd', input, _meta: meta, handler });
    meta['com.example/n'] = 2;
    meta['io.modelcontextprotocol/late'] = true;
    expect(tool.descriptor._meta).toStrictEqual({ 'com.example/n': 1 });
  });
});

describe("the server's identity", () => {
  it('2025: initialize gives serverInfo whole: name, version, title, description, websiteUrl, icons', async () => {
    const { handle } = makeServer([plain], identity);
    expect(wire(await handle(initialize))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: '2025-11-25',
          capabilities: { tools: { listChanged: true }, logging: {} },
          serverInfo: fullInfo,
        },
      }),
    );
  });

  it('2026: server/discover gives it whole in _meta', async () => {
    const { handle } = makeServer([plain], identity);
    expect(wire(await handle(modern(1, 'server/discover')))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: {
          resultType: 'complete',
          supportedVersions: [V2026],
          capabilities: { tools: { listChanged: true }, logging: {} },
          ttlMs: 0,
          cacheScope: 'private',
          _meta: { 'io.modelcontextprotocol/serverInfo': fullInfo },
        },
      }),
    );
  });

  it('2026: every other result carries name, version and title only', async () => {
    const { handle } = makeServer([plain], identity);
    expect(wire(await handle(modern(2, 'tools/call', { name: 'plain' })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 2,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: 'ok' }],
          isError: false,
          _meta: { 'io.modelcontextprotocol/serverInfo': shortInfo },
        },
      }),
    );
  });

  it('a server without them answers as before', async () => {
    const { handle } = makeServer([plain]);
    expect(wire(await handle(initialize))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: '2025-11-25',
          capabilities: { tools: { listChanged: true }, logging: {} },
          serverInfo: { name: 'test-server', version: '1.2.3' },
        },
      }),
    );
    expect(wire(resultOf<{ _meta: unknown }>(await handle(modern(2, 'server/discover')))._meta)).toBe(
      wire({ 'io.modelcontextprotocol/serverInfo': { name: 'test-server', version: '1.2.3' } }),
    );
  });
});

describe("a client's own icons", () => {
  it('are read as the wire has them: only what is sent is held to the stricter rules', async () => {
    const { handle } = makeServer([plain]);
    const clientInfo = { name: 'c', version: '1', icons: [{ src: 'http://client.example/c.png' }] };
    const meta = {
      'io.modelcontextprotocol/protocolVersion': V2026,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': clientInfo,
    };
    expect(await handle(modern(1, 'server/discover', { _meta: meta }))).toMatchObject({
      id: 1,
      result: { resultType: 'complete' },
    });
  });

  it('of the wrong type make initialize -32602, as any malformed clientInfo does', async () => {
    const { handle } = makeServer([plain]);
    const params = {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1', icons: 'c.png' },
    };
    expect(wire(await handle(request(1, 'initialize', params)))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32602,
          message: 'Invalid params',
          data: 'params.clientInfo.icons: expected array, received string',
        },
      }),
    );
  });
});

describe('resources, templates and prompts take the same icons and _meta, checked alike', () => {
  const icons = [{ sizes: ['16x16'], src: PNG, theme: 'light' as const }];
  const sent = [{ src: PNG, sizes: ['16x16'], theme: 'light' }];

  it('lists them in the wire order of an icon', async () => {
    const resource = defineResource({
      uri: 'docs://a',
      name: 'a',
      icons,
      _meta: { 'com.example/k': 1 },
      read: () => 'a',
    });
    const template = defineResourceTemplate({
      uriTemplate: 'docs://t/{id}',
      name: 't',
      icons,
      variables: z.object({ id: z.string() }),
      read: () => 't',
    });
    const prompt = definePrompt({ name: 'p', description: 'p', icons, _meta: { 'com.example/k': 2 }, get: () => 'p' });
    const { handle } = makeServer([], { resources: [resource, template], prompts: [prompt] });
    expect(wire(await handle(request(1, 'resources/list')))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: { resources: [{ uri: 'docs://a', name: 'a', icons: sent, _meta: { 'com.example/k': 1 } }] },
      }),
    );
    expect(wire(await handle(request(2, 'resources/templates/list')))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 2,
        result: { resourceTemplates: [{ uriTemplate: 'docs://t/{id}', name: 't', icons: sent }] },
      }),
    );
    expect(wire(await handle(request(3, 'prompts/list')))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 3,
        result: { prompts: [{ name: 'p', description: 'p', icons: sent, _meta: { 'com.example/k': 2 } }] },
      }),
    );
  });

  const refused: [string, () => unknown, string][] = [
    [
      'resource icon',
      () =>
        defineResource({ uri: 'docs://a', name: 'a', icons: [{ src: 'http://example.com/a.png' }], read: () => '' }),
      'resource "docs://a": icons[0].src: must be an https: URL or a data: URI, not http:',
    ],
    [
      'template _meta',
      () =>
        defineResourceTemplate({
          uriTemplate: 'docs://{x}',
          name: 'x',
          _meta: { 'io.modelcontextprotocol/x': 1 },
          variables: z.object({ x: z.string() }),
          read: () => '',
        }),
      'resource template "docs://{x}": _meta["io.modelcontextprotocol/x"]: the prefix "io.modelcontextprotocol/" is reserved for MCP',
    ],
    [
      'prompt icon',
      () =>
        definePrompt({ name: 'p', description: 'p', icons: [{ src: PNG, theme: 'sepia' as never }], get: () => '' }),
      'prompt "p": icons[0].theme: must be "light" or "dark"',
    ],
  ];
  it.each(refused)('refuses a bad %s, naming the owner', (_label, make, message) => {
    expect(make).toThrow(new TypeError(message));
  });
});

const tool = (extra: Record<string, unknown>) => () =>
  defineTool({ name: 'add', description: 'd', input, handler, ...extra });
const server = (extra: Record<string, unknown>) => () => new McpServer({ name: 's', version: '1', ...extra });

describe('refused when defined, with what is wrong', () => {
  const refused: [string, () => unknown, string][] = [
    [
      'a javascript: icon',
      tool({ icons: [{ src: 'javascript:alert(1)' }] }),
      'tool "add": icons[0].src: must be an https: URL or a data: URI, not javascript:',
    ],
    [
      'an http: icon (clients must refuse it)',
      tool({ icons: [{ src: 'http://example.com/a.png' }] }),
      'tool "add": icons[0].src: must be an https: URL or a data: URI, not http:',
    ],
    [
      'a file: icon',
      tool({ icons: [{ src: 'file:///etc/icon.png' }] }),
      'tool "add": icons[0].src: must be an https: URL or a data: URI, not file:',
    ],
    [
      'a relative path',
      tool({ icons: [{ src: 'icon.png' }] }),
      'tool "add": icons[0].src: must be an https: URL or a data: URI',
    ],
    [
      'an https: icon with credentials',
      tool({ icons: [{ src: 'https://user:secret@example.com/a.png' }] }),
      'tool "add": icons[0].src: must not carry a user name or password (clients fetch icons without credentials)',
    ],
    [
      'a data: URI that is no image',
      tool({ icons: [{ src: 'data:text/html;base64,PGI+' }] }),
      'tool "add": icons[0].src: a data: URI must hold an image type (data:image/png;base64,...), not "text/html"',
    ],
    [
      'a data: URI that is not base64',
      tool({ icons: [{ src: 'data:image/svg+xml,<svg/>' }] }),
      'tool "add": icons[0].src: a data: URI must hold base64 image data (data:image/png;base64,...)',
    ],
    [
      'a data: URI with broken base64',
      tool({ icons: [{ src: 'data:image/png;base64,abc' }] }),
      'tool "add": icons[0].src: a data: URI must hold base64 image data (data:image/png;base64,...)',
    ],
    [
      'a second icon',
      tool({ icons: [{ src: PNG }, { src: 'ftp://example.com/a.png' }] }),
      'tool "add": icons[1].src: must be an https: URL or a data: URI, not ftp:',
    ],
    [
      'bad sizes',
      tool({ icons: [{ src: PNG, sizes: ['48x48', '48', '0x0'] }] }),
      'tool "add": icons[0].sizes[1]: must be WIDTHxHEIGHT (e.g. "48x48") or "any"; icons[0].sizes[2]: must be WIDTHxHEIGHT (e.g. "48x48") or "any"',
    ],
    [
      'a bad theme',
      tool({ icons: [{ src: PNG, theme: 'blue' }] }),
      'tool "add": icons[0].theme: must be "light" or "dark"',
    ],
    [
      'a mimeType that is no image',
      tool({ icons: [{ src: PNG, mimeType: 'text/plain' }] }),
      'tool "add": icons[0].mimeType: must be an image type, e.g. "image/png"',
    ],
    [
      'a misspelled icon key',
      tool({ icons: [{ src: PNG, size: ['48x48'] }] }),
      'tool "add": icons[0]: unknown option "size" (did you mean "sizes"?)',
    ],
    [
      'an icon without src',
      tool({ icons: [{ mimeType: 'image/png' }] }),
      'tool "add": icons[0].src: missing, expected string',
    ],
    [
      'icons that are no array',
      tool({ icons: { src: PNG } }),
      'tool "add": icons must be an array of icons ({ src, mimeType?, sizes?, theme? })',
    ],
    [
      'the prefix io.modelcontextprotocol/',
      tool({ _meta: { 'io.modelcontextprotocol/ui': {} } }),
      'tool "add": _meta["io.modelcontextprotocol/ui"]: the prefix "io.modelcontextprotocol/" is reserved for MCP',
    ],
    [
      'the prefix dev.mcp/',
      tool({ _meta: { 'dev.mcp/x': 1 } }),
      'tool "add": _meta["dev.mcp/x"]: the prefix "dev.mcp/" is reserved for MCP',
    ],
    [
      'a longer reserved prefix, any case',
      tool({ _meta: { 'com.MCP.tools/x': 1 } }),
      'tool "add": _meta["com.MCP.tools/x"]: the prefix "com.MCP.tools/" is reserved for MCP',
    ],
    [
      'a reserved key without prefix',
      tool({ _meta: { progressToken: 1 } }),
      'tool "add": _meta.progressToken: the key is reserved by MCP',
    ],
    [
      'OpenTelemetry trace context',
      tool({ _meta: { traceparent: '00-x' } }),
      'tool "add": _meta.traceparent: the key is reserved by MCP',
    ],
    [
      'a name with a space',
      tool({ _meta: { 'bad key': 1 } }),
      'tool "add": _meta["bad key"]: the name "bad key" must begin and end with a letter or digit, with only letters, digits, "-", "_" and "." between',
    ],
    [
      'a name ending in a hyphen',
      tool({ _meta: { 'com.example/x-': 1 } }),
      'tool "add": _meta["com.example/x-"]: the name "x-" must begin and end with a letter or digit, with only letters, digits, "-", "_" and "." between',
    ],
    [
      'a label starting with a digit',
      tool({ _meta: { '1com.example/x': 1 } }),
      'tool "add": _meta["1com.example/x"]: the prefix label "1com" must start with a letter and end with a letter or digit, with only letters, digits and "-" between',
    ],
    [
      'an empty label',
      tool({ _meta: { 'com..example/x': 1 } }),
      'tool "add": _meta["com..example/x"]: the prefix label "" must start with a letter and end with a letter or digit, with only letters, digits and "-" between',
    ],
    [
      'two slashes',
      tool({ _meta: { 'com.example/a/b': 1 } }),
      'tool "add": _meta["com.example/a/b"]: a key holds one "/" at most, at the end of its prefix',
    ],
    ['_meta that is no object', tool({ _meta: ['x'] }), 'tool "add": _meta must be an object'],
    [
      '_meta JSON cannot hold',
      tool({ _meta: { 'com.example/n': 1n } }),
      'tool "add": _meta cannot be sent as JSON: Do not know how to serialize a BigInt',
    ],
    ['an empty server name', server({ name: '' }), 'McpServer: name: must not be empty'],
    [
      'a server version that is no string',
      server({ version: 1 }),
      'McpServer: version: expected string, received number',
    ],
    [
      'a websiteUrl that is no web URL',
      server({ websiteUrl: 'ftp://example.com' }),
      'McpServer: websiteUrl: must be an http: or https: URL',
    ],
    [
      'a description that is no string',
      server({ description: 7 }),
      'McpServer: description: expected string, received number',
    ],
    [
      'a server icon',
      server({ icons: [{ src: 'javascript:alert(1)' }] }),
      'McpServer: icons[0].src: must be an https: URL or a data: URI, not javascript:',
    ],
  ];

  it.each(refused)('%s', (_label, make, message) => {
    expect(make).toThrow(new TypeError(message));
  });

  it.each([
    ['an https: URL', { src: 'https://example.com/a.png?v=2' }],
    ['a data: URI of a PNG', { src: PNG, mimeType: 'image/png', sizes: ['any'], theme: 'light' }],
    ['a data: URI of an SVG, with a parameter', { src: 'data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+' }],
  ])('accepts %s', (_label, icon) => {
    expect(tool({ icons: [icon] })().descriptor.icons).toStrictEqual([icon]);
  });

  it('accepts every _meta key MCP allows a server', () => {
    const meta = {
      plain: 1,
      'a.b-c_d9': 2,
      'com.example/x': 3,
      'com.example.mcp/x': 4,
      'mcp/x': 5,
      'com.example/': 6,
      'org.x-y.z/A.b': 7,
    };
    expect(tool({ _meta: meta })().descriptor._meta).toStrictEqual(meta);
  });
});
