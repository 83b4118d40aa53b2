// What a tool tells hosts (alwaysLoad, searchHint) in both modes; call_tool's annotations, the least
// permissive of what it reaches; search mode's names kept for its meta-tools; and the index and the
// listing following tools added and removed.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, memoryEvents, type ServerEvent, type Tool } from '../../../src/index.js';
import { modern } from '../../helpers/eras.js';

const tool = (name: string, extra: Record<string, unknown> = {}) =>
  defineTool({ name, description: `The ${name} tool.`, input: z.object({}), handler: () => `${name} ran`, ...extra });
type Listed = { name: string; annotations?: Record<string, boolean>; _meta?: Record<string, unknown> };
async function listed(server: McpServer, context: Parameters<McpServer['handle']>[1] = {}): Promise<Listed[]> {
  const frame = (await server.handle(modern(1, 'tools/list'), context)) as unknown as { result: { tools: Listed[] } };
  return frame.result.tools;
}

describe('host hints', () => {
  it('write _meta["anthropic/alwaysLoad"] and _meta["anthropic/searchHint"] beside the tool\'s own _meta, in list mode too', async () => {
    const hinted = tool('get_me', { alwaysLoad: true, searchHint: 'who am I', _meta: { 'example.com/x': 1 } });
    const server = new McpServer({ name: 's', version: '1', tools: [hinted, tool('plain')] });
    expect((await listed(server)).map((entry) => [entry.name, entry._meta])).toStrictEqual([
      ['get_me', { 'example.com/x': 1, 'anthropic/alwaysLoad': true, 'anthropic/searchHint': 'who am I' }],
      ['plain', undefined],
    ]);
  });

  it('reads the hints written in _meta as the options (a search finds the hint; alwaysLoad lists it)', async () => {
    const written = tool('get_me', { _meta: { 'anthropic/alwaysLoad': true, 'anthropic/searchHint': 'profile' } });
    expect(written).toMatchObject({ alwaysLoad: true, searchHint: 'profile' });
    const server = new McpServer({ name: 's', version: '1', tools: [written, tool('other')], discovery: 'search' });
    expect((await listed(server)).map((entry) => entry.name)).toStrictEqual(['get_me', 'search_tools', 'call_tool']);
  });

  it('refuses a malformed hint, and the same hint given both ways', () => {
    expect(() => tool('x', { alwaysLoad: 'yes' })).toThrow(new TypeError('tool "x": alwaysLoad must be a boolean'));
    expect(() => tool('x', { searchHint: ' ' })).toThrow(
      new TypeError('tool "x": searchHint must be a non-empty string'),
    );
    expect(() => tool('x', { alwaysLoad: true, _meta: { 'anthropic/alwaysLoad': false } })).toThrow(
      new TypeError('tool "x": give alwaysLoad or _meta["anthropic/alwaysLoad"], not both (alwaysLoad writes it)'),
    );
  });
});

describe("call_tool's annotations", () => {
  const annotationsOf = async (tools: Tool[]) => {
    const server = new McpServer({ name: 's', version: '1', tools, discovery: 'search' });
    return (await listed(server)).find((entry) => entry.name === 'call_tool')!.annotations;
  };
  const hints = (readOnlyHint: boolean, destructiveHint: boolean, idempotentHint: boolean, openWorldHint: boolean) => ({
    readOnlyHint,
    destructiveHint,
    idempotentHint,
    openWorldHint,
  });

  it.each([
    [
      'a tool with no hints: MCP defaults (not read-only, destructive, open world)',
      [{}],
      hints(false, true, false, true),
    ],
    [
      'read-only tools alone',
      [
        { readOnlyHint: true, openWorldHint: false },
        { readOnlyHint: true, openWorldHint: false },
      ],
      hints(true, false, true, false),
    ],
    [
      'one writer among readers',
      [{ readOnlyHint: true }, { destructiveHint: false }],
      hints(false, false, false, true),
    ],
    [
      'one destructive tool',
      [{ readOnlyHint: true }, { destructiveHint: false, idempotentHint: true }, { destructiveHint: true }],
      hints(false, true, false, true),
    ],
    [
      'idempotent writers, closed world',
      [
        { destructiveHint: false, idempotentHint: true, openWorldHint: false },
        { readOnlyHint: true, openWorldHint: false },
      ],
      hints(false, false, true, false),
    ],
    ['no tool at all', [], hints(true, false, true, false)],
  ])('%s', async (_label, given, expected) => {
    const tools = (given as object[]).map((annotations, index) => tool(`t${index}`, { annotations }));
    expect(await annotationsOf(tools)).toStrictEqual(expected);
  });
});

describe("search mode's names", () => {
  it('refuses a tool named search_tools or call_tool where search mode is served', () => {
    expect(() => new McpServer({ name: 's', version: '1', tools: [tool('call_tool')], discovery: 'search' })).toThrow(
      new TypeError('tool "call_tool": search mode serves a tool of that name; give the tool another'),
    );
    const listing = new McpServer({ name: 's', version: '1', tools: [tool('search_tools')] });
    expect(() => listing.serveDiscovery('search')).toThrow(
      new TypeError('tool "search_tools": search mode serves a tool of that name; give the tool another'),
    );
    const searching = new McpServer({ name: 's', version: '1', tools: [], discovery: 'search' });
    expect(() => searching.addTool(tool('search_tools'))).toThrow(
      new TypeError('tool "search_tools": search mode serves a tool of that name; give the tool another'),
    );
  });

  it('refuses a mode that is neither list nor search', () => {
    expect(() => new McpServer({ name: 's', version: '1', discovery: 'lazy' as never })).toThrow(
      new TypeError("discovery: expected 'list' or 'search', got \"lazy\""),
    );
  });
});

describe('tools added and removed', () => {
  it('are found and listed at once: the index and the listing are rebuilt, and tools/list_changed is told', async () => {
    const events = memoryEvents(() => {});
    const heard: ServerEvent[] = [];
    events.subscribe((event) => heard.push(event));
    const server = new McpServer({ name: 's', version: '1', tools: [tool('alpha')], discovery: 'search', events });
    const search = async (query: string) => {
      const call = modern(2, 'tools/call', { name: 'search_tools', arguments: { query, detail: 'names' } });
      const frame = (await server.handle(call)) as unknown as { result: { structuredContent: { tools: Listed[] } } };
      return frame.result.structuredContent.tools.map((entry) => entry.name);
    };
    expect(await search('weather')).toStrictEqual([]);
    server.addTool(tool('get_weather', { alwaysLoad: true, annotations: { readOnlyHint: true } }));
    expect(await search('weather')).toStrictEqual(['get_weather']);
    expect((await listed(server)).map((entry) => entry.name)).toStrictEqual([
      'get_weather',
      'search_tools',
      'call_tool',
    ]);
    server.removeTool('get_weather');
    expect(await search('weather')).toStrictEqual([]);
    expect((await listed(server)).map((entry) => entry.name)).toStrictEqual(['search_tools', 'call_tool']);
    expect(heard).toStrictEqual([{ type: 'tools/list_changed' }, { type: 'tools/list_changed' }]);
  });
});
