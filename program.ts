#!/usr/bin/env node
// The zod-mcp command line: argv parsing only; the work is in src/.
// Each command is imported when it runs, so a start-up loads only what that command needs.
import { UsageError } from './src/cli/usage-error.js';
import { VERSION } from './src/version.js';

const usage = `zod-mcp ${VERSION}
usage:
  zod-mcp mcp-server [CASE]   run a case file ({"requests": [...]}) and print {"responses": [...]};
                              reads the case from stdin without CASE
  zod-mcp serve [MODULE] [--demo] [--root DIR [--read-only | --confirm-writes]] [--skills DIR]
                              serve MCP over stdio (one JSON-RPC message per line);
                              MODULE (.js, or .ts through tsx) exports an McpServer, or
                              tools, resources and prompts to serve (with none of MODULE,
                              --root and --skills: echo);
                              --demo adds the demo tools (add, fail, countdown, console_log,
                              ask_name, summarize), a resource, a template and a prompt;
                              --root adds file tools sandboxed to DIR (read_file, list_directory,
                              glob, grep, and write_file, edit_file unless --read-only) and
                              DIR's files as resources (file:///{+path}); with --confirm-writes
                              the writers ask the user to approve each change first;
                              --skills serves each folder of DIR that holds a SKILL.md as a
                              skill (extension io.modelcontextprotocol/skills)
  zod-mcp serve [MODULE] --http [--port N] [--host H] [--demo] [--root DIR [...]] [--skills DIR]
                [--workers N|auto] [--redis URL [--task-lease-ms N]] [--drain-ms N]
                [--auth-issuer URL --auth-audience URL [--auth-scopes a,b]]
                [--allow-unauthenticated] [--allowed-hosts a,b] [--instance NAME]
                [--max-connections-per-client N]
                              the same tools over Streamable HTTP at http://H:N/mcp
                              (default 127.0.0.1:3000), with GET /healthz; on SIGTERM or
                              SIGINT it drains (work in flight finishes, up to --drain-ms,
                              default 10000) and stops; --workers runs N processes on the one
                              port; --redis shares tasks and change events through Redis
                              (a task whose process stopped fails after --task-lease-ms,
                              default 15000);
                              either needs ZOD_MCP_STATE_KEY (a shared secret, 16+ characters);
                              --auth-* makes it an OAuth 2.1 resource server (bearer tokens
                              from that issuer, for that audience); on a non-loopback --host
                              it refuses to start without them unless --allow-unauthenticated;
                              --max-connections-per-client bounds the connections of each
                              client address, loopback included (0: no limit; default 256,
                              loopback not counted)
  zod-mcp dev MODULE [serve's flags]
                              serve MODULE, restarted when a file in its folder changes;
                              over stdio the client keeps its connection (its initialize is
                              replayed, and it is told the lists changed)
  zod-mcp inspect MODULE [--json] [--profile default|openai-strict|gemini]
                              print what a client would see of MODULE (tools with their
                              JSON Schema, resources, prompts) and what known clients refuse
                              in it (a top-level oneOf, $ref, a root not of type object);
                              exits 1 when there is such an error`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'mcp-server' && rest.length <= 1) {
    const { runMcpServerCommand } = await import('./src/cli/mcp-server.js');
    await runMcpServerCommand(rest[0]);
    return 0;
  }
  if (command === 'serve') {
    const { runServeCommand } = await import('./src/cli/serve.js');
    await runServeCommand(rest);
    return 0;
  }
  if (command === 'dev') {
    const { runDevCommand } = await import('./src/cli/dev.js');
    return runDevCommand(rest);
  }
  if (command === 'inspect') {
    const { runInspectCommand } = await import('./src/cli/inspect.js');
    return runInspectCommand(rest);
  }
  if (command === '--version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  process.stderr.write(`zod-mcp: unknown command: ${argv.join(' ')}\n${usage}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`zod-mcp: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`zod-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
    // What a failed start opened (a Redis connection, a cluster worker's channel) must not keep it alive.
    process.exit();
  },
);
