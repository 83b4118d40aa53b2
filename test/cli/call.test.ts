// `zod-mcp call`: against a module, a stdio command and an HTTP URL, in both eras; every exit code,
// the coercion of each JSON Schema type the project generates, questions answered, a task followed.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, run } from '../helpers/run.js';
import { startServe, type ServeProcess } from '../helpers/serve-process.js';
import { programJs } from '../helpers/stdio-peer.js';

const module = join(root, 'test', 'cli', 'modules', 'contract.ts');
const call = (args: readonly string[]) => run(process.execPath, [programJs, 'call', ...args]);
const ERAS = ['2025', '2026'] as const;

const TYPED = [
  'text=123',
  'count=-4',
  'ratio=1.5e2',
  'on=false',
  'nothing=null',
  'tags=["a","b"]',
  'point={"x":1,"y":2}',
  'level=high',
  'size=2',
  'maybe=null',
  'either=true',
  'when=2026-01-01T00:00:00Z',
  'labels={"k":"v"}',
  'anything=[1,{"a":null}]',
];
const ECHOED =
  '{"text":"123","count":-4,"ratio":150,"on":false,"nothing":null,"tags":["a","b"],"point":{"x":1,"y":2},' +
  '"level":"high","size":2,"maybe":null,"either":true,"when":"2026-01-01T00:00:00Z","labels":{"k":"v"},' +
  '"anything":[1,{"a":null}]}\n';

const LIST =
  'types     Echoes its arguments as JSON.\n' +
  'refuse    Always fails as a tool does: an isError result.\n' +
  'misroute  Throws a protocol error: an error frame.\n' +
  'greet     Asks for a name and an age, then greets.\n' +
  'build     A build that is always a task for a client that takes tasks.\n';

describe.each(ERAS)('zod-mcp call MODULE, era %s', (era) => {
  const target = [module, '--era', era];

  it('lists the tools without a tool name', async () => {
    expect(await call(target)).toStrictEqual({ code: 0, stdout: LIST, stderr: '' });
  });

  it('reads each value as its property is typed, and prints the text', async () => {
    expect(await call([...target, 'types', ...TYPED])).toStrictEqual({ code: 0, stdout: ECHOED, stderr: '' });
  });

  it('takes --args, with key=value pairs over its keys', async () => {
    const result = await call([...target, 'types', '--args', '{"count": 1, "text": "a"}', 'count=2']);
    expect(result).toStrictEqual({ code: 0, stdout: '{"text":"a","count":2}\n', stderr: '' });
  });

  it('exits 1 with the text of an isError result', async () => {
    expect(await call([...target, 'refuse', 'why=bad input'])).toStrictEqual({
      code: 1,
      stdout: 'bad input\n',
      stderr: '',
    });
  });

  it('prints the whole result with --json, as the era frames it', async () => {
    const meta =
      era === '2026' ? '"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"contract","version":"1.0.0"}}' : '';
    const result =
      era === '2026'
        ? `{"resultType":"complete","content":[{"type":"text","text":"no"}],"isError":true,${meta}}\n`
        : '{"content":[{"type":"text","text":"no"}],"isError":true}\n';
    expect(await call([...target, 'refuse', '--json'])).toStrictEqual({ code: 1, stdout: result, stderr: '' });
  });

  it.each([
    [['misroute'], 'error -32602: Invalid params: misroute always refuses'],
    [['typs'], 'no tool typs (did you mean types?)'],
    [['nope'], 'no tool nope; it lists types, refuse, misroute, greet, build'],
    [
      ['types', 'cont=1'],
      'types has no argument cont (did you mean count?): it takes text, count, ratio, on, nothing, tags, point, ' +
        'level, size, maybe, either, when, labels, anything',
    ],
    [['types', 'count=1.5'], 'count: expected an integer, got "1.5"'],
    [['types', 'ratio=abc'], 'ratio: expected a number, got "abc"'],
    [['types', 'on=yes'], 'on: expected a boolean, got "yes"'],
    [['types', 'point=[1]'], 'point: expected a JSON object, got "[1]"'],
    [['types', 'tags={}'], 'tags: expected a JSON array, got "{}"'],
    [['types', 'nothing=0'], 'nothing: expected null, got "0"'],
    [['types', 'either=x'], 'either: expected a number or a boolean, got "x"'],
    [['types', 'count'], '"count": give arguments as key=value'],
    [['types', '--args', '[1]'], '--args: a JSON object of the arguments, e.g. --args \'{"a": 1}\''],
    [
      ['greet'],
      'the tool asks "Who are you?" and there is no terminal to ask on: answer with --answer name=… ' +
        '(fields: name (string, required); age (integer))',
    ],
  ])('exits 2, nothing on stdout, one line on stderr: %j', async (args, line) => {
    expect(await call([...target, ...args])).toStrictEqual({ code: 2, stdout: '', stderr: `zod-mcp: call: ${line}\n` });
  });

  it("answers the tool's question from --answer", async () => {
    const answered = await call([...target, 'greet', '--answer', 'name=Ada', '--answer', 'age=36']);
    expect(answered).toStrictEqual({ code: 0, stdout: 'hello Ada, 36\n', stderr: '' });
  });

  it('follows a task to its end (2026), or waits for the answer (2025), progress on stderr', async () => {
    const result = await call([...target, 'build', 'steps=2']);
    expect([result.code, result.stdout]).toStrictEqual([0, 'built in 2 steps\n']);
    // the first step is reported on the request; a task's later steps as its status when a poll sees them
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines[0]).toBe('progress: 0/2 step 1 of 2');
    expect(lines.every((line) => /^progress: (1\/2 )?step [12] of 2$|^progress: 0\/2 step 1 of 2$/.test(line))).toBe(
      true,
    );
  });
});

describe('zod-mcp call, questions by key (2026 MRTR)', () => {
  it.each(['decline', 'cancel'])('--answer who=%s refuses the question', async (action) => {
    expect(await call([module, 'greet', '--answer', `who=${action}`])).toStrictEqual({
      code: 0,
      stdout: `no greeting (${action})\n`,
      stderr: '',
    });
  });
});

describe.each(ERAS)('zod-mcp call -- COMMAND (stdio), era %s', (era) => {
  const server = ['--', process.execPath, programJs, 'serve', module];

  it('calls a tool of a server it starts, and stops it', async () => {
    const result = await call(['--era', era, 'types', 'count=3', 'on=true', ...server]);
    expect(result).toStrictEqual({ code: 0, stdout: '{"count":3,"on":true}\n', stderr: '' });
  });

  it('answers a question and follows a task over stdio', async () => {
    const greeted = await call(['--era', era, 'greet', '--answer', 'name=Bo', ...server]);
    expect(greeted).toStrictEqual({ code: 0, stdout: 'hello Bo\n', stderr: '' });
    const built = await call(['--era', era, 'build', 'steps=1', ...server]);
    expect([built.code, built.stdout]).toStrictEqual([0, 'built in 1 steps\n']);
  });
});

describe('zod-mcp call, a server that does not answer', () => {
  it('exits 2 naming a command that exits, with the end of its stderr', async () => {
    const script = "process.stderr.write('no config\\n'); process.exit(3)";
    expect(await call(['types', '--', process.execPath, '-e', script])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `zod-mcp: call: the server (${process.execPath} -e ${script}) exited with code 3; its stderr ended with: no config\n`,
    });
  });

  it('exits 2 naming a URL nothing listens at', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/mcp`;
    expect(await call([url, 'types'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `zod-mcp: call: ${url}: ECONNREFUSED\n`,
    });
  });

  it('exits 2 naming a module that does not load', async () => {
    const missing = join(root, 'test', 'cli', 'modules', 'missing.ts');
    expect(await call([missing, 'types'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `zod-mcp: call: ${missing}: no such file\n`,
    });
  });
});

describe('zod-mcp call URL (Streamable HTTP)', () => {
  let served: ServeProcess;
  beforeAll(async () => {
    served = await startServe([module, '--port', '0']);
  });
  afterAll(async () => {
    await served.stop();
  });

  it.each(ERAS)('era %s: a call, a question (2025: on the POST stream) and a task', async (era) => {
    const typed = await call([served.url, '--era', era, 'types', ...TYPED]);
    expect(typed).toStrictEqual({ code: 0, stdout: ECHOED, stderr: '' });
    const greeted = await call([served.url, '--era', era, 'greet', '--answer', 'name=Cy', '--answer', 'age=7']);
    expect(greeted).toStrictEqual({ code: 0, stdout: 'hello Cy, 7\n', stderr: '' });
    const built = await call([served.url, '--era', era, 'build']);
    expect([built.code, built.stdout]).toStrictEqual([0, 'built in 2 steps\n']);
  });

  it('sends --header on every request', async () => {
    const result = await call([served.url, 'types', '--header', 'X-MCP-Toolsets: nope']);
    expect(result).toStrictEqual({
      code: 2,
      stdout: '',
      stderr:
        'zod-mcp: call: initialize was refused: error -32600: Invalid Request: unknown toolset "nope": this ' +
        'server has no toolsets\n',
    });
  });
});

/** A loopback port nothing listens on: one the system gave, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
