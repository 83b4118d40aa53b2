// `zod-mcp record` and `zod-mcp replay`: the official SDK v2 client records a session through the
// recorder, then gets the same results from the replayed cassette, in both eras, over stdio and HTTP;
// and a request the cassette does not hold is refused, the session going on or (--strict) ending.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, run } from '../helpers/run.js';
import { startHttpProcess, startServe } from '../helpers/serve-process.js';
import { programJs } from '../helpers/stdio-peer.js';

const module = join(root, 'test', 'cli', 'modules', 'contract.ts');
const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-cassette-'));
const ERAS = [
  ['2025', undefined],
  ['2026', { mode: { pin: '2026-07-28' } }],
] as const;

function client(negotiation: (typeof ERAS)[number][1]): Client {
  const made = new Client(
    { name: 'cassette-test', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(negotiation === undefined ? {} : { versionNegotiation: negotiation as never }),
    },
  );
  made.setRequestHandler(
    'elicitation/create',
    () => ({ action: 'accept', content: { name: 'Ada', age: 36 } }) as never,
  );
  return made;
}

/** A session: a listing, a call, a failing call, a question answered, a call repeated; what the client saw of each. */
async function session(mcp: Client): Promise<unknown[]> {
  const seen: unknown[] = [];
  seen.push((await mcp.listTools()).tools.map((tool) => tool.name));
  for (const [name, args] of [
    ['types', { count: 1, tags: ['a'] }],
    ['refuse', { why: 'not today' }],
    ['greet', {}],
    ['types', { count: 1, tags: ['a'] }],
  ] as const) {
    const { content, isError } = await mcp.callTool({ name, arguments: args });
    seen.push({ content, isError });
  }
  return seen;
}

const stdio = (args: readonly string[]) =>
  new StdioClientTransport({ command: process.execPath, args: [programJs, ...args], stderr: 'pipe' });

async function over(transport: 'stdio' | 'http', args: readonly string[], mcp: Client): Promise<unknown[]> {
  if (transport === 'stdio') {
    await mcp.connect(stdio(args));
    try {
      return await session(mcp);
    } finally {
      await mcp.close(); // stdin closed: the recorder writes its cassette and exits
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  const served = await startHttpProcess([programJs, ...args, '--http', '--port', '0']);
  try {
    await mcp.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const seen = await session(mcp);
    await mcp.close();
    return seen;
  } finally {
    expect(await served.stop('SIGTERM')).toBe(0);
  }
}

describe.each(ERAS)('record then replay with the SDK v2 client, era %s', (era, negotiation) => {
  it.each(['stdio', 'http'] as const)('over %s: the replay answers as the live server did', async (transport) => {
    const cassette = join(dir, `${era}-${transport}.jsonl`);
    const live = await over('stdio', ['serve', module], client(negotiation));
    const recorded = await over(transport, ['record', module, '--out', cassette], client(negotiation));
    expect(recorded).toStrictEqual(live);
    expect(live.slice(1)).toStrictEqual([
      { content: [{ type: 'text', text: '{"count":1,"tags":["a"]}' }], isError: false },
      { content: [{ type: 'text', text: 'not today' }], isError: true },
      { content: [{ type: 'text', text: 'hello Ada, 36' }], isError: false },
      { content: [{ type: 'text', text: '{"count":1,"tags":["a"]}' }], isError: false },
    ]);
    const lines = readFileSync(cassette, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toStrictEqual({ cassette: 1, era });
    expect(await over(transport, ['replay', cassette, '--strict'], client(negotiation))).toStrictEqual(live);
  });
});

describe.each(ERAS)('record in front of a URL, era %s', (era, negotiation) => {
  it('passes the session to the HTTP server and back (2026 headers made from each frame), and replays it', async () => {
    const served = await startServe([module, '--port', '0']);
    try {
      const cassette = join(dir, `${era}-url.jsonl`);
      const live = await over('stdio', ['serve', module], client(negotiation));
      expect(await over('stdio', ['record', served.url, '--out', cassette], client(negotiation))).toStrictEqual(live);
      expect(await over('stdio', ['replay', cassette, '--strict'], client(negotiation))).toStrictEqual(live);
    } finally {
      await served.stop();
    }
  });
});

describe('replay of a request the cassette does not hold', () => {
  const cassette = join(dir, 'frames.jsonl');
  const frames = (...lines: unknown[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const call = (id: number, count: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'types', arguments: { count } },
  });
  const answered = (id: number, count: number) => ({
    jsonrpc: '2.0',
    id,
    result: { content: [{ type: 'text', text: `{"count":${count}}` }], isError: false },
  });
  const refused = (id: number) => ({
    jsonrpc: '2.0',
    id,
    error: {
      code: -32602,
      message: 'Invalid params',
      data:
        'not in the cassette: tools/call {"arguments":{"count":2},"name":"types"}; the closest recorded: ' +
        'tools/call {"arguments":{"count":1},"name":"types"}',
    },
  });

  it('is an error frame naming the closest recorded request; the session goes on, or ends with --strict', async () => {
    const recorded = await run(
      process.execPath,
      [programJs, 'record', module, '--out', cassette],
      frames(initialize, call(2, 1)),
    );
    expect(recorded.code).toBe(0);
    const input = frames(initialize, call(7, 2), call(8, 1), { jsonrpc: '2.0', id: 9, method: 'prompts/list' });
    const lenient = await run(process.execPath, [programJs, 'replay', cassette], input);
    expect(lenient.code).toBe(0);
    expect(
      lenient.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toStrictEqual([
      JSON.parse(recorded.stdout.split('\n')[0]!),
      refused(7),
      answered(8, 1),
      {
        jsonrpc: '2.0',
        id: 9,
        error: {
          code: -32601,
          message: 'Method not found',
          data: 'not in the cassette: prompts/list; it holds initialize, tools/call',
        },
      },
    ]);
    const strict = await run(process.execPath, [programJs, 'replay', cassette, '--strict'], input);
    expect(strict.code).toBe(1);
    expect(
      strict.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => JSON.parse(line)),
    ).toStrictEqual([refused(7)]);
  });

  it('refuses a file that is not a cassette, naming the line', async () => {
    const result = await run(process.execPath, [programJs, 'replay', module]);
    expect(result).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `zod-mcp: replay: ${module}:1: not a cassette line (zod-mcp record writes them)\n`,
    });
  });
});
