// The commands of the command line, each with its flags and a line of help for every flag: the one
// source of `--help`, `zod-mcp help`, the usage text, and of the check of what was typed.
import type { Command, Flags } from './command-types.js';
import { CONTRACT_COMMANDS } from './contract-commands.js';

export type { Command, Flag, Flags } from './command-types.js';

export const SERVE_FLAGS = {
  demo: {
    type: 'boolean',
    text:
      'add the demo: add, fail, countdown, console_log, ask_name, summarize, slow_build, a resource, a ' +
      'template and a prompt',
  },
  root: {
    type: 'string',
    value: 'DIR',
    text:
      'add file tools sandboxed to DIR (read_file, list_directory, glob, grep, write_file, edit_file) and ' +
      "DIR's files as resources",
  },
  'read-only': { type: 'boolean', text: 'with --root: no write_file or edit_file' },
  'confirm-writes': {
    type: 'boolean',
    text: 'with --root: write_file and edit_file ask the user to approve each change',
  },
  skills: {
    type: 'string',
    value: 'DIR',
    text: 'serve each folder of DIR holding a SKILL.md as a skill (extension io.modelcontextprotocol/skills)',
  },
  http: { type: 'boolean', text: 'serve Streamable HTTP at http://HOST:PORT/mcp (with GET /healthz) instead of stdio' },
  port: { type: 'string', value: 'N', text: 'with --http: the port (default 3000; 0 picks a free one)' },
  host: {
    type: 'string',
    value: 'H',
    text: 'with --http: the address (default 127.0.0.1; another needs --auth-* or --allow-unauthenticated)',
  },
  'tls-cert': {
    type: 'string',
    value: 'FILE',
    text: 'with --http and --tls-key: serve HTTPS with this certificate chain (PEM)',
  },
  'tls-key': { type: 'string', value: 'FILE', text: "with --http and --tls-cert: the certificate's private key (PEM)" },
  workers: {
    type: 'string',
    value: 'N|auto',
    text: 'with --http: N processes on the one port (auto: one per core); needs ZOD_MCP_STATE_KEY',
  },
  redis: {
    type: 'string',
    value: 'URL',
    text:
      'with --http: share tasks, change events and rate limits through Redis (needs @redis/client and ' +
      'ZOD_MCP_STATE_KEY)',
  },
  'task-lease-ms': {
    type: 'string',
    value: 'N',
    text: 'with --redis: a task whose process stopped fails after N ms (default 15000)',
  },
  'redis-timeout-ms': {
    type: 'string',
    value: 'N',
    text: 'with --redis: a Redis command that takes longer fails its request (default 3000)',
  },
  'drain-ms': {
    type: 'string',
    value: 'N',
    text: 'with --http: on SIGTERM or SIGINT, work in flight may finish for N ms (default 10000)',
  },
  'auth-issuer': {
    type: 'string',
    value: 'URL',
    text: 'with --http: an OAuth 2.1 resource server taking bearer tokens from this issuer (needs jose)',
  },
  'auth-audience': {
    type: 'string',
    value: 'URL',
    text: "with --auth-issuer: this server's URL, the audience its tokens must name",
  },
  'auth-scopes': { type: 'string', value: 'a,b', text: 'with --auth-issuer: scopes every token must carry' },
  'auth-dpop': {
    type: 'string',
    value: 'MODE',
    text:
      'with --auth-issuer: DPoP-bound tokens (RFC 9449): allowed (default; bearer tokens too), required, or off ' +
      '(bearer only)',
  },
  'public-url': {
    type: 'string',
    value: 'URL',
    text: "with --http: this server's URL as clients address it behind a proxy (the card's URL, a DPoP proof's htu)",
  },
  card: {
    type: 'boolean',
    text: "with --http: the Server Card at <endpoint>/server-card (the module's McpServer must give card: {...})",
  },
  catalog: {
    type: 'boolean',
    text: 'with --http: --card, and the MCP Catalog listing it at /.well-known/mcp/catalog.json',
  },
  'allow-unauthenticated': {
    type: 'boolean',
    text: 'with --http: serve a non-loopback --host without authorization, knowingly',
  },
  'allowed-hosts': { type: 'string', value: 'a,b', text: "with --http: Host names served besides this machine's own" },
  toolsets: {
    type: 'string',
    value: 'a,b',
    text:
      'the toolsets served, of those the server declares (all: every one); default: ZOD_MCP_TOOLSETS, else ' +
      'those it marks default. Over HTTP a request may name its own (X-MCP-Toolsets, or /mcp/x/a,b)',
  },
  discovery: {
    type: 'string',
    value: 'list|search',
    text:
      'how tools/list shows the tools: list (every tool) or search (search_tools and call_tool serve them); ' +
      "default: the server's discovery option, else list",
  },
  instance: {
    type: 'string',
    value: 'NAME',
    text: 'with --http: start every 2025 session id with NAME (for a balancer to route on)',
  },
  metrics: {
    type: 'boolean',
    text:
      'with --http: Prometheus text at GET /metrics (needs @opentelemetry/api, sdk-metrics and ' +
      'exporter-prometheus)',
  },
  'metrics-port': {
    type: 'string',
    value: 'N',
    text: 'with --metrics: serve /metrics on 127.0.0.1:N only, without a token (0 picks a free one)',
  },
  'max-connections-per-client': {
    type: 'string',
    value: 'N',
    text:
      'with --http: open connections per client address, loopback included (0: no limit; default 256, loopback ' +
      'not counted)',
  },
  'rate-limit': {
    type: 'string',
    value: 'N/UNIT',
    text: 'requests per caller (principal, else client address): 60/min, 10/s, 1000/hour; shared through --redis',
  },
  'rate-limit-burst': {
    type: 'string',
    value: 'N',
    text: "with --rate-limit: how many at once (default: the rate's N)",
  },
  'trust-forwarded-for': {
    type: 'boolean',
    text: "with --http: the client address is X-Forwarded-For's last entry (only behind a proxy that sets it)",
  },
} as const satisfies Flags;

export const INSPECT_FLAGS = {
  json: { type: 'boolean', text: 'print the inspection as JSON' },
  profile: {
    type: 'string',
    value: 'NAME',
    text: 'list the tools as a schema profile writes them: default, openai-strict or gemini',
  },
} as const satisfies Flags;

export const COMMANDS = {
  serve: {
    args: '[MODULE] [options]',
    summary: 'serve MCP over stdio, or over Streamable HTTP with --http',
    about: `Serves MODULE (.js, or .ts through tsx) over stdio, one JSON-RPC message per line, or over
Streamable HTTP with --http. MODULE exports an McpServer (\`export const server = new McpServer(...)\`)
or tools, resources and prompts; with none of MODULE, --root and --skills it serves echo. Both
protocol eras: 2025 clients send initialize, 2026-07-28 clients send their version on every request.`,
    flags: SERVE_FLAGS,
    examples: [
      'zod-mcp serve ./server.ts',
      'zod-mcp serve --demo --http --port 3000',
      'claude mcp add my-tools -- npx --prefix /abs/path/my-tools zod-mcp serve /abs/path/my-tools/server.ts',
    ],
  },
  dev: {
    args: 'MODULE [serve options]',
    summary: 'serve MODULE, restarted when a file in its folder changes',
    about: `Serves MODULE as serve does, and restarts it when a source file in its folder changes. Over
stdio the client keeps its connection (its initialize is replayed to each new server); clients of
both eras hear that the lists changed.`,
    flags: SERVE_FLAGS,
    examples: ['zod-mcp dev ./server.ts', 'zod-mcp dev ./server.ts --http --port 3000'],
  },
  inspect: {
    args: 'MODULE [options]',
    summary: 'print what a client sees of MODULE, and what known clients refuse in it',
    about: `Prints MODULE's tools with their JSON Schema, its resources, templates and prompts, what
known clients refuse in a tool's schema (a top-level oneOf, $ref, a root not of type object), and
what tools/list costs a model: bytes and estimated tokens of the default listing, of each toolset
and of search mode, with a warning past the tools hosts load. Exits 1 when there is an error.`,
    flags: INSPECT_FLAGS,
    examples: ['zod-mcp inspect ./server.ts', 'zod-mcp inspect ./server.ts --json --profile openai-strict'],
  },
  ...CONTRACT_COMMANDS,
  init: {
    args: '[DIR]',
    summary: 'make a new project in DIR (default: here): a server with one tool, its test, and how to run it',
    about: `Writes package.json, server.ts (a server with one tool), server.test.ts (which calls it in
process), tsconfig.json and a README naming the \`claude mcp add\` line, into DIR, which must be
empty or new. Then: cd DIR && npm install && npm test.`,
    flags: {
      'zod-mcp': {
        type: 'string',
        value: 'SPEC',
        text:
          'the zod-mcp dependency: a version, a git URL, a folder or a tarball (default: where this copy came ' +
          'from: its git checkout, or the spec of the project that installed it; else ^VERSION)',
      },
    },
    examples: ['zod-mcp init my-tools'],
  },
  'mcp-server': {
    args: '[CASE]',
    summary: 'run a case file ({"requests": [...]}) and print {"responses": [...]}',
    about: `Runs every request of CASE (a JSON file of {"requests": [...]}, or an array of frames; stdin
without CASE) through the server's handle(), and prints {"responses": [...]} as one line.`,
    flags: {},
    examples: ['zod-mcp mcp-server fixtures/tools-call-handler/case.json'],
  },
  help: {
    args: '[COMMAND]',
    summary: 'print this list, or the help of COMMAND',
    about: 'Prints the commands, or the help of one of them (as `zod-mcp COMMAND --help` does).',
    flags: {},
  },
} as const satisfies Record<string, Command>;
export type CommandName = keyof typeof COMMANDS;

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}
