// The command line explains itself: every command's --help (and -h, and `zod-mcp help COMMAND`),
// the list of commands, and one line on stderr for every mistake or failed start, never a stack.
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, type CommandName } from '../../src/cli/commands.js';
import { formatHelp, formatUsage } from '../../src/cli/help.js';
import { root, run } from '../helpers/run.js';
import { programJs } from '../helpers/stdio-peer.js';

const zodMcp = (args: string[]) => run(process.execPath, [programJs, ...args]);
const names = Object.keys(COMMANDS) as CommandName[];
const modules = join(root, 'test', 'cli', 'modules');

describe('help', () => {
  it.each(names)('%s --help, -h and `help COMMAND` print its usage and every option, and exit 0', async (name) => {
    const help = formatHelp(name);
    expect(help.startsWith(`usage: zod-mcp ${name} `)).toBe(true);
    for (const flag of [...Object.keys(COMMANDS[name].flags), 'help'])
      expect(help).toMatch(new RegExp(`^  --${flag}\\b`, 'm'));
    for (const args of [
      [name, '--help'],
      [name, '-h'],
      ['help', name],
    ])
      expect(await zodMcp(args), args.join(' ')).toStrictEqual({ code: 0, stdout: help, stderr: '' });
  });

  it('dev --help is about dev, and lists the serve options it takes', async () => {
    const { stdout } = await zodMcp(['dev', '--help']);
    expect(stdout.split('\n')[0]).toBe('usage: zod-mcp dev MODULE [serve options]');
    expect(stdout).toContain('  --http ');
    expect(stdout).not.toContain('serve:');
  });

  it('`help serve --help` is `help serve`; after `--`, -h is a name, not a request for help', async () => {
    expect(await zodMcp(['help', 'serve', '--help'])).toStrictEqual({
      code: 0,
      stdout: formatHelp('serve'),
      stderr: '',
    });
    expect(await zodMcp(['mcp-server', '--', '-h'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: 'zod-mcp: cannot read case file -h: no such file\n',
    });
  });

  it('--help and `help` print the commands; a bare zod-mcp prints them on stderr and exits 2', async () => {
    const usage = formatUsage();
    for (const name of names) expect(usage).toContain(`\n  ${name.padEnd(10)}  ${COMMANDS[name].summary}\n`);
    expect(await zodMcp(['--help'])).toStrictEqual({ code: 0, stdout: usage, stderr: '' });
    expect(await zodMcp(['help'])).toStrictEqual({ code: 0, stdout: usage, stderr: '' });
    expect(await zodMcp([])).toStrictEqual({ code: 2, stdout: '', stderr: usage });
  });

  it('names the closest command or option to one it does not know, in one line, exit 2', async () => {
    const cases: [string[], string][] = [
      [['srve'], 'zod-mcp: unknown command: srve (did you mean serve?); `zod-mcp --help` lists the commands\n'],
      [
        ['help', 'inspct'],
        'zod-mcp: unknown command: inspct (did you mean inspect?); `zod-mcp --help` lists the commands\n',
      ],
      [
        ['serve', '--prot', '3000'],
        'zod-mcp: serve: unknown option --prot (did you mean --port?); `zod-mcp serve --help` lists the options\n',
      ],
      [
        ['serve', '--http', '--worker=2'],
        'zod-mcp: serve: unknown option --worker (did you mean --workers?); `zod-mcp serve --help` lists the options\n',
      ],
      [
        ['dev', 'x.ts', '--htp'],
        'zod-mcp: dev: unknown option --htp (did you mean --http?); `zod-mcp dev --help` lists the options\n',
      ],
      [['dev', '--read-only'], 'zod-mcp: dev: --read-only needs --root DIR\n'],
      [
        ['inspect', 'x.ts', '--jsn'],
        'zod-mcp: inspect: unknown option --jsn (did you mean --json?); `zod-mcp inspect --help` lists the options\n',
      ],
      [
        ['init', '--zodmcp', 'x'],
        'zod-mcp: init: unknown option --zodmcp (did you mean --zod-mcp?); `zod-mcp init --help` lists the options\n',
      ],
    ];
    for (const [args, stderr] of cases)
      expect(await zodMcp(args), args.join(' ')).toStrictEqual({ code: 2, stdout: '', stderr });
  });
});

describe('a start that fails', () => {
  it('on a port in use: one line, exit 1', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as { port: number };
    try {
      expect(await zodMcp(['serve', '--http', '--port', String(port)])).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: `zod-mcp: serve: cannot listen on 127.0.0.1:${port}: the port is in use by another process (--port picks another; 0, any free one)\n`,
      });
    } finally {
      holder.close();
    }
  });

  it('of a module that starts its own transport: one line saying what to write instead, exit 1, over stdio and HTTP, and in inspect', async () => {
    const stdio = join(modules, 'own-stdio.ts');
    const http = join(modules, 'own-http.ts');
    // Ending with the module's line that started it.
    const said = (path: string, transport: string, at: string) =>
      `zod-mcp: ${path}: it starts its own transport (${transport}) when imported, and zod-mcp starts one itself: export the server (\`export const server = new McpServer(...)\`) without calling ${transport}, or run the module on its own (\`npx tsx ${path}\`) (at ${path}:${at})\n`;
    for (const args of [
      ['serve', stdio],
      ['serve', stdio, '--http', '--port', '0'],
      ['inspect', stdio],
    ]) {
      expect(await zodMcp(args), args.join(' ')).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: said(stdio, 'serveStdio', '8:7'),
      });
    }
    expect(await zodMcp(['serve', http, '--http', '--port', '0'])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: said(http, 'serveHttp', '6:6'),
    });
  }, 30_000);

  it('prints the stack as well under ZOD_MCP_DEBUG=1', async () => {
    const { code, stderr } = await run('env', [
      'ZOD_MCP_DEBUG=1',
      process.execPath,
      programJs,
      'serve',
      join(modules, 'throws.ts'),
    ]);
    expect(code).toBe(1);
    // The stack, and the cause's: the module's own line is in it.
    expect(stderr.split('\n')[1]).toMatch(/^Error: /);
    expect(stderr).toContain('[cause]: TypeError: tool "bad name": invalid name');
    expect(stderr).toContain(`${join(modules, 'throws.ts')}:5:20`);
  });
});
