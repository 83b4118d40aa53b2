// Every example `zod-mcp call|snapshot|record|replay --help` prints, run as typed in a project that
// installed zod-mcp, with a server.ts of `add`: the URL's port is one serve picked, and an HTTP
// front's port 0.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedProject } from '../helpers/linked-project.js';
import { run } from '../helpers/run.js';
import { startHttpProgram, startHttpProcess, type ServeProcess } from '../helpers/serve-process.js';
import { programJs } from '../helpers/stdio-peer.js';

const SERVER = `import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});
export const server = new McpServer({ name: 'calc', version: '1.0.0', tools: [add] });
`;

const SESSION = `${[
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((frame) => JSON.stringify(frame))
  .join('\n')}\n`;

const examplesOf = async (command: string) => {
  const { stdout } = await run(process.execPath, [programJs, command, '--help']);
  return stdout
    .slice(stdout.indexOf('examples:\n') + 'examples:\n'.length)
    .trim()
    .split('\n')
    .map((line) => line.trim());
};

describe('the contract commands’ --help examples', () => {
  let project: string;
  let served: ServeProcess;
  const shell = (line: string, input?: string) => run('bash', ['-e', '-c', `npx ${line}`], input, {}, project);
  beforeAll(async () => {
    project = await linkedProject({ 'server.ts': SERVER });
    served = await startHttpProcess([programJs, 'serve', join(project, 'server.ts'), '--http', '--port', '0']);
  });
  afterAll(async () => {
    await served.stop();
    await rm(project, { recursive: true, force: true });
  });
  const local = (line: string) => line.replace('http://127.0.0.1:3000/mcp', served.url);

  it('call', async () => {
    const [module, url, command] = await examplesOf('call');
    expect(await shell(module!)).toStrictEqual({ code: 0, stdout: '3\n', stderr: '' });
    const json = await shell(local(url!));
    expect([json.code, JSON.parse(json.stdout).content]).toStrictEqual([0, [{ type: 'text', text: '3' }]]);
    expect(await shell(command!)).toStrictEqual({ code: 0, stdout: '{"sum":3}\n', stderr: '' });
  });

  it('snapshot', async () => {
    const [write, check, remote] = await examplesOf('snapshot');
    expect(await shell(write!)).toStrictEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(project, 'mcp-snapshot.json'), 'utf8')).toContain('"name": "calc"');
    expect(await shell(check!)).toStrictEqual({ code: 0, stdout: 'no changes\n', stderr: '' });
    expect(await shell(local(remote!))).toStrictEqual({ code: 0, stdout: 'no changes\n', stderr: '' });
  });

  it('record, then replay', async () => {
    const [module, command] = await examplesOf('record');
    const recorded = await shell(module!, SESSION);
    expect([recorded.code, recorded.stderr]).toStrictEqual([0, '']);
    expect(readFileSync(join(project, 'session.jsonl'), 'utf8').split('\n')[0]).toBe('{"cassette":1,"era":"2025"}');
    const [replay, overHttp] = await examplesOf('replay');
    expect(await shell(replay!, SESSION)).toStrictEqual(recorded);
    const demo = await shell(command!, SESSION); // --redact token, in front of serve --demo: session.jsonl again
    expect(demo.code).toBe(0);
    expect(JSON.parse(demo.stdout.split('\n')[0]!).result.serverInfo).toStrictEqual({
      name: 'zod-mcp',
      version: '0.1.0',
    });
    const args = overHttp!.replace('--port 3001', '--port 0').split(' ');
    const front = await startHttpProgram('npx', args, {}, 15_000, project);
    try {
      const initialize = SESSION.split('\n')[0]!;
      const answer = await fetch(front.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: initialize,
      });
      expect(await answer.json()).toStrictEqual(JSON.parse(demo.stdout.split('\n')[0]!));
    } finally {
      await front.stop('SIGTERM'); // npx's own exit: by the signal
    }
  });
});
