import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceTools } from '../../../src/workspace.js';
import { callTool, createServer, createTempWorkspace, errorFrame, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeFile(path.join(workspace.root, 'a.txt'), 'a\n');
});

afterAll(() => workspace.remove());

const reader = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

describe('workspaceTools', () => {
  it('lists every tool with its annotations', async () => {
    const server = createServer({ root: workspace.root });
    const response = (await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/list' })) as unknown as {
      result: { tools: { name: string; annotations: unknown; outputSchema?: unknown }[] };
    };
    const summary = response.result.tools.map(({ name, annotations, outputSchema }) => ({
      name,
      annotations,
      structured: outputSchema !== undefined,
    }));
    expect(summary).toEqual([
      { name: 'read_file', annotations: { title: 'Read file', ...reader }, structured: false },
      { name: 'list_directory', annotations: { title: 'List directory', ...reader }, structured: true },
      { name: 'glob', annotations: { title: 'Find files by name', ...reader }, structured: true },
      { name: 'grep', annotations: { title: 'Search file contents', ...reader }, structured: false },
      {
        name: 'write_file',
        annotations: {
          title: 'Write file',
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: true,
          openWorldHint: false,
        },
        structured: true,
      },
      {
        name: 'edit_file',
        annotations: {
          title: 'Edit file',
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: false,
          openWorldHint: false,
        },
        structured: true,
      },
    ]);
  });

  it('leaves the writers out when readOnly, so calling them is an unknown tool', async () => {
    const server = createServer({ root: workspace.root, readOnly: true });
    expect(server.tools.map((tool) => tool.name)).toEqual(['read_file', 'list_directory', 'glob', 'grep']);
    expect(await callTool(server, 'write_file', { path: 'b.txt', content: 'b' })).toEqual(
      errorFrame('unknown tool: write_file'),
    );
    expect(await callTool(server, 'edit_file', { path: 'a.txt', old_string: 'a', new_string: 'b' })).toEqual(
      errorFrame('unknown tool: edit_file'),
    );
  });

  it("describes read_file's input for the model", () => {
    const [readFile] = workspaceTools({ root: workspace.root });
    expect(readFile?.descriptor.inputSchema).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "limit": {
            "description": "How many lines to show from offset. Default: to the end of the file.",
            "maximum": 9007199254740991,
            "minimum": 1,
            "type": "integer",
          },
          "offset": {
            "description": "The first line to show, counting from 1. Default: 1.",
            "maximum": 9007199254740991,
            "minimum": 1,
            "type": "integer",
          },
          "path": {
            "description": "The file to read, relative to the workspace root (an absolute path inside the root also works; a path shown in double quotes is given as shown, quotes included).",
            "type": "string",
          },
        },
        "required": [
          "path",
        ],
        "type": "object",
      }
    `);
  });

  it('puts the limits in the descriptions', () => {
    const tools = workspaceTools({ root: workspace.root, maxReadBytes: 1000, maxResults: 7 });
    const descriptions = Object.fromEntries(tools.map((tool) => [tool.name, tool.descriptor.description]));
    expect(descriptions.read_file).toContain('A file over 1000 bytes must be read in parts');
    expect(descriptions.list_directory).toContain('At most 7 entries are returned');
    expect(descriptions.glob).toContain('at most 7;');
    expect(descriptions.grep).toContain('At most 7 matching lines are returned');
  });

  const invalid: [string, Parameters<typeof workspaceTools>[0], string][] = [
    [
      'a missing root',
      { root: '/nonexistent-zod-mcp-root' },
      'workspace root "/nonexistent-zod-mcp-root" does not exist',
    ],
    ['a file as root', { root: '/etc/passwd' }, 'workspace root "/etc/passwd" is not a directory'],
    ['an empty root', { root: '' }, 'workspaceTools: root: Too small: expected string to have >=1 characters'],
    [
      'maxResults 0',
      { root: '/tmp', maxResults: 0 },
      'workspaceTools: maxResults: Too small: expected number to be >0',
    ],
    [
      'a fractional maxReadBytes',
      { root: '/tmp', maxReadBytes: 1.5 },
      'workspaceTools: maxReadBytes: expected int, received number',
    ],
  ];
  it.each(invalid)('throws at start-up for %s', (_label, options, message) => {
    expect(() => workspaceTools(options)).toThrow(new TypeError(message));
  });
});
