// Resources and templates through handle(), in both eras: definitions, list, read, not found, changes.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import type { Notification } from '../../schemas/jsonrpc.js';
import {
  McpServer,
  ProtocolError,
  defineResource,
  defineResourceTemplate,
  type Resource,
  type ResourceTemplate,
} from '../../src/index.js';
import { modern, serverInfoMeta } from '../helpers/eras.js';
import { request, resultOf, wire } from '../helpers/server.js';

const text = defineResource({
  uri: 'test://text',
  name: 'text',
  description: 'some text',
  mimeType: 'text/plain',
  read: () => 'hello',
});
const bytes = defineResource({
  uri: 'test://bytes',
  name: 'bytes',
  mimeType: 'application/octet-stream',
  read: () => new Uint8Array([0, 1, 254, 255]),
});
const files = defineResourceTemplate({
  uriTemplate: 'file:///{+path}',
  name: 'file',
  mimeType: 'text/plain',
  variables: z.object({ path: z.string().regex(/^[a-z/.]+$/, 'only lower-case letters, dots and slashes') }),
  list: () => [{ uri: 'file:///a.txt' }, { uri: 'file:///b.txt', name: 'b', description: 'the b file' }],
  read: ({ path }, { uri }) => `${path} at ${uri}`,
});

function serve(resources: readonly (Resource | ResourceTemplate)[], options: { pageSize?: number } = {}) {
  const server = new McpServer({ name: 'test-server', version: '1.2.3', resources, ...options });
  const sent: Notification[] = [];
  const session = server.createSession({ notify: (n) => sent.push(n) });
  return { server, sent, session, handle: (frame: unknown) => server.handle(frame, { session }) };
}

const result = (id: number, body: Record<string, unknown>) => ({ jsonrpc: '2.0', id, result: body });

describe('resources/list and resources/templates/list', () => {
  it('lists resources of their own, then what templates list (with the template name where they give none)', async () => {
    const { handle } = serve([text, files, bytes]);
    expect(wire(await handle(request(1, 'resources/list')))).toBe(
      wire(
        result(1, {
          resources: [
            { uri: 'test://text', name: 'text', description: 'some text', mimeType: 'text/plain' },
            { uri: 'test://bytes', name: 'bytes', mimeType: 'application/octet-stream' },
            { uri: 'file:///a.txt', name: 'file' },
            { uri: 'file:///b.txt', name: 'b', description: 'the b file' },
          ],
        }),
      ),
    );
    expect(wire(await handle(request(2, 'resources/templates/list')))).toBe(
      wire(
        result(2, { resourceTemplates: [{ uriTemplate: 'file:///{+path}', name: 'file', mimeType: 'text/plain' }] }),
      ),
    );
  });

  it('pages with an opaque cursor of its own; 2026 stamps every page with the same cache hint', async () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      defineResource({ uri: `test://r${i}`, name: `r${i}`, read: () => '' }),
    );
    const { handle } = serve(many, { pageSize: 2 });
    type Page = { resources: { uri: string }[]; nextCursor: string; ttlMs: number };
    const first = resultOf<Page>(await handle(modern(1, 'resources/list')));
    expect(first.resources.map((r) => r.uri)).toStrictEqual(['test://r0', 'test://r1']);
    const second = resultOf<Page>(await handle(modern(2, 'resources/list', { cursor: first.nextCursor })));
    expect(second.resources.map((r) => r.uri)).toStrictEqual(['test://r2', 'test://r3']);
    expect([first.ttlMs, second.ttlMs]).toStrictEqual([0, 0]);
    const toolsCursor = Buffer.from('tools:2').toString('base64url');
    expect(await handle(request(3, 'resources/list', { cursor: toolsCursor }))).toMatchObject({
      error: { code: -32602, data: 'params.cursor: not a cursor this server gave out' },
    });
  });
});

describe('resources/read', () => {
  it('reads text, bytes (base64) and a template with its variables parsed', async () => {
    const { handle } = serve([text, bytes, files]);
    expect(wire(await handle(request(1, 'resources/read', { uri: 'test://text' })))).toBe(
      wire(result(1, { contents: [{ uri: 'test://text', mimeType: 'text/plain', text: 'hello' }] })),
    );
    expect(wire(await handle(request(2, 'resources/read', { uri: 'test://bytes' })))).toBe(
      wire(result(2, { contents: [{ uri: 'test://bytes', mimeType: 'application/octet-stream', blob: 'AAH+/w==' }] })),
    );
    expect(wire(await handle(request(3, 'resources/read', { uri: 'file:///src/a.ts' })))).toBe(
      wire(
        result(3, {
          contents: [{ uri: 'file:///src/a.ts', mimeType: 'text/plain', text: 'src/a.ts at file:///src/a.ts' }],
        }),
      ),
    );
  });

  it('2026: resultType, cache hints and serverInfo', async () => {
    const { handle } = serve([text]);
    expect(wire(await handle(modern(1, 'resources/read', { uri: 'test://text' })))).toBe(
      wire(
        result(1, {
          resultType: 'complete',
          contents: [{ uri: 'test://text', mimeType: 'text/plain', text: 'hello' }],
          ttlMs: 0,
          cacheScope: 'private',
          ...serverInfoMeta(),
        }),
      ),
    );
  });

  it('a URI that names nothing: -32002 on 2025, -32602 on 2026, both with data.uri; never empty contents', async () => {
    const { handle } = serve([text]);
    const data = { uri: 'test://nope' };
    expect(wire(await handle(request(1, 'resources/read', data)))).toBe(
      wire({ jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'Resource not found', data } }),
    );
    expect(wire(await handle(modern(2, 'resources/read', data)))).toBe(
      wire({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params', data } }),
    );
  });

  it('variables that fail the template schema are -32602 naming the variable', async () => {
    const { handle } = serve([files]);
    expect(wire(await handle(request(1, 'resources/read', { uri: 'file:///A.TXT' })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32602,
          message: 'Invalid params',
          data: 'params.uri: path: only lower-case letters, dots and slashes',
        },
      }),
    );
  });

  it('a read that throws is -32603 with no detail on the wire, unless it throws a ProtocolError', async () => {
    const reported: unknown[] = [];
    const broken = defineResource({
      uri: 'test://broken',
      name: 'broken',
      read: () => {
        throw new Error('disk on fire');
      },
    });
    const refusing = defineResource({
      uri: 'test://refusing',
      name: 'refusing',
      read: () => {
        throw new ProtocolError(-32602, 'not today');
      },
    });
    const empty = defineResource({ uri: 'test://empty', name: 'empty', read: () => [] });
    const server = new McpServer({
      name: 's',
      version: '1',
      resources: [broken, refusing, empty],
      onError: (e) => reported.push(e),
    });
    expect(wire(await server.handle(request(1, 'resources/read', { uri: 'test://broken' })))).toBe(
      wire({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } }),
    );
    expect(wire(await server.handle(request(2, 'resources/read', { uri: 'test://refusing' })))).toBe(
      wire({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params', data: 'not today' } }),
    );
    expect(await server.handle(request(3, 'resources/read', { uri: 'test://empty' }))).toMatchObject({
      error: { code: -32603 },
    });
    expect(reported.map(String)).toStrictEqual([
      'Error: disk on fire',
      'Error: resource "test://empty": read returned invalid contents: contents: Too small: expected array to have >=1 items',
    ]);
  });

  it('a cancelled read gets no response; a read past its timeout is -32603', async () => {
    const slow = defineResource({
      uri: 'test://slow',
      name: 'slow',
      timeoutMs: 30,
      read: ({ signal }) => sleep(5000, 'late', { signal }),
    });
    const reported: unknown[] = [];
    const server = new McpServer({ name: 's', version: '1', resources: [slow], onError: (e) => reported.push(e) });
    const session = server.createSession();
    const cancelled = server.handle(request(1, 'resources/read', { uri: 'test://slow' }), { session });
    await sleep(5);
    await server.handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }, { session });
    expect(await cancelled).toBeNull();
    expect(await server.handle(request(2, 'resources/read', { uri: 'test://slow' }))).toMatchObject({
      id: 2,
      error: { code: -32603 },
    });
    expect(reported.map(String)).toStrictEqual(['Error: resource "test://slow" timed out after 30 ms']);
  });
});

describe('definitions are checked when defined', () => {
  const refusals: [string, () => unknown, string][] = [
    [
      'a URI without a scheme',
      () => defineResource({ uri: 'no-scheme', name: 'x', read: () => '' }),
      'resource "no-scheme": uri must be an absolute URI with a scheme',
    ],
    [
      'an empty name',
      () => defineResource({ uri: 'a:b', name: ' ', read: () => '' }),
      'resource "a:b": name must be a non-empty string',
    ],
    [
      'a template variable with no schema field',
      () =>
        defineResourceTemplate({
          uriTemplate: 'a://{x}/{y}',
          name: 't',
          variables: z.object({ x: z.string() }),
          read: () => '',
        }),
      'resource template "a://{x}/{y}": variable "y" has no field in variables',
    ],
    [
      'a required field the template cannot fill',
      () =>
        defineResourceTemplate({
          uriTemplate: 'a://{x}',
          name: 't',
          variables: z3.object({ x: z3.string(), y: z3.string() }),
          read: () => '',
        }),
      'resource template "a://{x}": field "y" is required, but the template has no variable "y" to fill it',
    ],
    [
      'a malformed template',
      () => defineResourceTemplate({ uriTemplate: 'a://{x', name: 't', variables: z.object({}), read: () => '' }),
      'resource template "a://{x": URI template "a://{x": "{" at 4 is never closed',
    ],
    [
      'a completer for no variable',
      () =>
        defineResourceTemplate({
          uriTemplate: 'a://{x}',
          name: 't',
          variables: z.object({ x: z.string() }),
          complete: { y: () => [] } as never,
          read: () => '',
        }),
      'resource template "a://{x}": complete.y: the template has no variable "y"',
    ],
  ];
  it.each(refusals)('refuses %s', (_what, define, message) => {
    expect(define).toThrow(new TypeError(message));
  });

  it('refuses the same URI twice in one server', () => {
    expect(() => new McpServer({ name: 's', version: '1', resources: [text, text] })).toThrow(
      new TypeError('resource "test://text" is defined twice'),
    );
  });
});

describe('changes and subscriptions', () => {
  const initialize = (id: number) =>
    request(id, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });

  it('2025: list changes reach an initialized session; an update only when it subscribed to that URI', async () => {
    const { server, sent, handle } = serve([text]);
    await handle(initialize(1));
    server.addResource(bytes);
    expect(server.removeResource('test://bytes')).toBe(true);
    server.notifyResourceUpdated('test://text');
    expect(await handle(request(2, 'resources/subscribe', { uri: 'test://text' }))).toStrictEqual(result(2, {}));
    server.notifyResourceUpdated('test://text');
    server.notifyResourceUpdated('test://other');
    expect(await handle(request(3, 'resources/unsubscribe', { uri: 'test://text' }))).toStrictEqual(result(3, {}));
    server.notifyResourceUpdated('test://text');
    expect(sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://text' } },
    ]);
    expect(await handle(request(4, 'resources/subscribe', { uri: 'test://nope' }))).toMatchObject({
      error: { code: -32002, data: { uri: 'test://nope' } },
    });
  });

  it('2026: resources/subscribe does not exist; a listen stream with resourceSubscriptions hears its URIs', async () => {
    const { server, sent, handle } = serve([text]);
    expect(await handle(modern(1, 'resources/subscribe', { uri: 'test://text' }))).toMatchObject({
      error: { code: -32601 },
    });
    void handle(
      modern('L', 'subscriptions/listen', {
        notifications: { resourcesListChanged: true, resourceSubscriptions: ['test://text'] },
      }),
    );
    server.notifyResourceUpdated('test://other');
    server.notifyResourceUpdated('test://text');
    const tagged = { 'io.modelcontextprotocol/subscriptionId': 'L' };
    expect(sent).toStrictEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          _meta: tagged,
          notifications: { resourcesListChanged: true, resourceSubscriptions: ['test://text'] },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: tagged, uri: 'test://text' } },
    ]);
  });

  it('a server without the resources option serves none and says so', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    expect(await server.handle(request(1, 'resources/list'))).toMatchObject({ error: { code: -32601 } });
    expect(() => server.addResource(text)).toThrow(
      new TypeError('this server serves no resources: give the resources option (even empty) to serve them'),
    );
  });
});
