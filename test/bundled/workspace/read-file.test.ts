import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServer } from '../../../src/index.js';
import {
  callTool,
  createServer,
  createTempWorkspace,
  errorFrame,
  textFrame,
  writeTree,
  type TempWorkspace,
} from './helpers.js';

let workspace: TempWorkspace;
let server: McpServer;
let small: McpServer;

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `line-${String(i + 1).padStart(3, '0')}\n`).join('');

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, {
    'greek.txt': 'alpha\nbeta\ngamma\n',
    'no-newline.txt': 'one\ntwo',
    'crlf.txt': 'one\r\ntwo\r\n',
    'blank-lines.txt': '\n\nthird\n',
    'empty.txt': '',
    'five.txt': 'a\nb\nc\nd\ne\n',
    'unicode.txt': 'héllo wörld\n',
    // 9 bytes a line: line-001\n ... line-010\n (90 bytes)
    'numbered.txt': numbered(10),
    'long-line.txt': `${'x'.repeat(50)}\nshort\n`,
    'img.bin': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
    'big.txt': numbered(999),
    'src/a.ts': 'export const a = 1;\n',
  });
  server = createServer({ root: workspace.root });
  small = createServer({ root: workspace.root, maxReadBytes: 32 });
});

afterAll(() => workspace.remove());

describe('read_file shows numbered lines', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a whole file', { path: 'greek.txt' }, '1\talpha\n2\tbeta\n3\tgamma'],
    ['a last line without newline', { path: 'no-newline.txt' }, '1\tone\n2\ttwo'],
    ['CRLF line ends', { path: 'crlf.txt' }, '1\tone\n2\ttwo'],
    ['blank lines', { path: 'blank-lines.txt' }, '1\t\n2\t\n3\tthird'],
    ['UTF-8 text', { path: 'unicode.txt' }, '1\théllo wörld'],
    ['a path with ./ and a subdirectory', { path: './src/a.ts' }, '1\texport const a = 1;'],
    ['an empty file', { path: 'empty.txt' }, '("empty.txt" is empty)'],
    [
      'a window in the middle',
      { path: 'five.txt', offset: 2, limit: 2 },
      '2\tb\n3\tc\n\n(more lines follow: continue with offset: 4)',
    ],
    ['a window reaching the end', { path: 'five.txt', offset: 4, limit: 2 }, '4\td\n5\te'],
    ['a window past the end of the file', { path: 'five.txt', offset: 4, limit: 10 }, '4\td\n5\te'],
    ['offset alone', { path: 'five.txt', offset: 5 }, '5\te'],
    ['limit alone', { path: 'five.txt', limit: 1 }, '1\ta\n\n(more lines follow: continue with offset: 2)'],
  ];
  it.each(cases)('%s', async (_label, args, text) => {
    expect(await callTool(server, 'read_file', args)).toEqual(textFrame(text));
  });
});

describe('read_file limits', () => {
  it('refuses a file over maxReadBytes without offset or limit, saying how to read it', async () => {
    expect(await callTool(small, 'read_file', { path: 'numbered.txt' })).toEqual(
      errorFrame(
        '"numbered.txt" is 90 bytes, over the 32-byte read limit; read it in parts with offset and limit (for example offset: 1, limit: 500)',
      ),
    );
  });

  it('reads a file of exactly maxReadBytes whole', async () => {
    const exact = createServer({ root: workspace.root, maxReadBytes: 90 });
    const expected = Array.from({ length: 10 }, (_, i) => `${i + 1}\tline-${String(i + 1).padStart(3, '0')}`).join(
      '\n',
    );
    expect(await callTool(exact, 'read_file', { path: 'numbered.txt' })).toEqual(textFrame(expected));
  });

  it('cuts a window at maxReadBytes and says where to continue', async () => {
    expect(await callTool(small, 'read_file', { path: 'numbered.txt', offset: 1, limit: 100 })).toEqual(
      textFrame(
        '1\tline-001\n2\tline-002\n3\tline-003\n\n(output cut at the 32-byte read limit: continue with offset: 4)',
      ),
    );
    expect(await callTool(small, 'read_file', { path: 'numbered.txt', offset: 9 })).toEqual(
      textFrame('9\tline-009\n10\tline-010'),
    );
  });

  it('shows the start of a single line longer than maxReadBytes', async () => {
    expect(await callTool(small, 'read_file', { path: 'long-line.txt', offset: 1 })).toEqual(
      textFrame(
        `1\t${'x'.repeat(32)}\n\n` +
          '(line 1 is 50 bytes, over the read limit: only its first 32 bytes are shown)\n' +
          '(output cut at the 32-byte read limit: continue with offset: 2)',
      ),
    );
  });

  it('reads a window near the end of a large file', async () => {
    const tiny = createServer({ root: workspace.root, maxReadBytes: 64 });
    expect(await callTool(tiny, 'read_file', { path: 'big.txt', offset: 997, limit: 5 })).toEqual(
      textFrame('997\tline-997\n998\tline-998\n999\tline-999'),
    );
  });

  it('refuses an offset past the end', async () => {
    expect(await callTool(server, 'read_file', { path: 'five.txt', offset: 9 })).toEqual(
      errorFrame('offset 9 is past the end of "five.txt", which has 5 lines'),
    );
  });
});

describe('read_file errors', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a binary file', { path: 'img.bin' }, '"img.bin" is a binary file (6 bytes); read_file shows text files only'],
    ['a directory', { path: 'src' }, '"src" is a directory, not a file'],
    ['the root', { path: '.' }, '"." is a directory, not a file'],
    ['a missing file', { path: 'nope.txt' }, '"nope.txt" does not exist'],
    ['a missing directory', { path: 'nope/a.txt' }, '"nope/a.txt" does not exist'],
    ['a file used as a directory', { path: 'greek.txt/a' }, '"greek.txt/a" does not exist'],
  ];
  it.each(cases)('%s', async (_label, args, text) => {
    expect(await callTool(server, 'read_file', args)).toEqual(errorFrame(text));
  });
});
