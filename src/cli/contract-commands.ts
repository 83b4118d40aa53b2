// The contract kit's commands (call, snapshot): what they connect to and their flags, as commands.ts
// holds the others'.
import type { Command, Flags } from './command-types.js';

/** What `call`, `snapshot` and `record` connect to, and how (src/cli/target.ts). */
export const TARGET_FLAGS = {
  header: {
    type: 'string',
    value: 'K:V',
    multiple: true,
    text: 'with a URL: send this header on every request (repeatable), e.g. "Authorization: Bearer $TOKEN"',
  },
  era: {
    type: 'string',
    value: '2025|2026|auto',
    text: 'the protocol era to speak (default auto: 2026 when the server speaks it, else 2025)',
  },
} as const satisfies Flags;

/** How `record` and `replay` serve: stdio, or HTTP on loopback. */
const FRONT_FLAGS = {
  http: { type: 'boolean', text: 'serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio' },
  port: { type: 'string', value: 'N', text: 'with --http: the port (default 3000; 0 picks a free one)' },
} as const satisfies Flags;

/** A command's words with its target: a module or URL first, or a server's command line last, after `--`. */
const withTarget = (name: string, words: string) =>
  `(MODULE | URL) ${words}\n   or: zod-mcp ${name} ${words} -- COMMAND [ARGS...]`;

export const CONTRACT_COMMANDS = {
  call: {
    args: withTarget('call', '[TOOL] [key=value ...] [options]'),
    summary: 'call one tool of a server (a module, a command or a URL) and print its result',
    about: `Connects to the server (MODULE in this process, a COMMAND over its stdio, or an http(s) URL),
calls TOOL with the arguments, each value read as the tool's input schema says (numbers, booleans,
null, JSON for objects and arrays, strings as typed), and prints the result's text. Without TOOL it
lists the tools. Exit 0 for a result, 1 for an isError result, 2 for a usage error, an error frame or
a server out of reach. A question the tool asks is answered from --answer, else asked on the terminal;
a call that becomes a task is followed to its end, its progress on stderr.`,
    flags: {
      args: {
        type: 'string',
        value: 'JSON',
        text: 'the arguments as one JSON object; key=value pairs override its keys',
      },
      json: { type: 'boolean', text: 'print the whole result as one line of JSON' },
      answer: {
        type: 'string',
        value: 'FIELD=V',
        multiple: true,
        text: 'answer a form field the tool asks for (repeatable); QUESTION=decline or =cancel refuses one',
      },
      ...TARGET_FLAGS,
    },
    examples: [
      'zod-mcp call ./server.ts add a=1 b=2',
      'zod-mcp call http://127.0.0.1:3000/mcp add --args \'{"a": 1, "b": 2}\' --json',
      'zod-mcp call add a=1 b=2 -- npx zod-mcp serve --demo',
    ],
  },
  snapshot: {
    args: withTarget('snapshot', '[--out FILE | --check FILE] [options]'),
    summary: "write a server's surface as canonical JSON, or check it against a committed one",
    about: `Writes what the server shows its clients: its name and version, the eras it serves with their
capabilities, its tools (with their schemas and annotations), resources, templates and prompts,
sorted, two-space indented, the same bytes on every run and machine. With --check FILE it compares
the server with FILE instead and classifies each difference as breaking, risky or additive; it exits
1 when one is at or above --fail-on (default breaking). docs/testing.md has the rules.`,
    flags: {
      out: {
        type: 'string',
        value: 'FILE',
        text: 'write the snapshot to FILE (whole, or not at all) instead of stdout',
      },
      structural: { type: 'boolean', text: 'leave descriptions and titles out: only the shapes' },
      check: { type: 'string', value: 'FILE', text: 'compare the server with the snapshot in FILE' },
      json: { type: 'boolean', text: 'with --check: print {breaking, risky, additive} as JSON' },
      'fail-on': {
        type: 'string',
        value: 'breaking|risky',
        text: 'with --check: exit 1 for a change of this class or worse (default breaking)',
      },
      update: { type: 'boolean', text: 'with --check: rewrite FILE with the server as it is now (exit 0)' },
      header: TARGET_FLAGS.header,
    },
    examples: [
      'zod-mcp snapshot ./server.ts --out mcp-snapshot.json',
      'zod-mcp snapshot --check mcp-snapshot.json ./server.ts',
      'zod-mcp snapshot --check mcp-snapshot.json http://127.0.0.1:3000/mcp --fail-on risky',
    ],
  },
  record: {
    args: withTarget('record', '--out CASSETTE [options]'),
    summary: 'serve a server through a recorder that writes the session to a cassette',
    about: `Serves over stdio (or Streamable HTTP with --http) and passes every message to the server
(MODULE, COMMAND or URL) and back, as it is. When the session ends (stdin closed, SIGINT or SIGTERM)
it writes CASSETTE: JSON lines of each message, who sent it and when, request ids, progress tokens,
request states and task ids numbered in order, and --redact's values hidden. Headers are never
recorded. zod-mcp replay serves a cassette back.`,
    flags: {
      out: { type: 'string', value: 'CASSETTE', text: 'where to write the session (whole, when it ends)' },
      redact: {
        type: 'string',
        value: 'KEY|/POINTER',
        multiple: true,
        text: 'hide a value (repeatable): every member named KEY, or the one a JSON pointer into a message names',
      },
      ...FRONT_FLAGS,
      header: TARGET_FLAGS.header,
    },
    examples: [
      'zod-mcp record ./server.ts --out session.jsonl',
      'zod-mcp record --out session.jsonl --redact token -- npx zod-mcp serve --demo',
    ],
  },
  replay: {
    args: 'CASSETTE [options]',
    summary: 'serve a recorded session as a mock MCP server',
    about: `Answers each request whose method and params match a recorded one (_meta aside) with what the
server sent for it, in the era it was recorded in: its notifications and questions, then its response
with the request's own id. A request the cassette does not hold gets an error frame naming the closest
recorded one; with --strict the replay then stops (exit 1).`,
    flags: {
      ...FRONT_FLAGS,
      strict: { type: 'boolean', text: 'stop at the first request the cassette does not hold' },
    },
    examples: ['zod-mcp replay session.jsonl', 'zod-mcp replay session.jsonl --http --port 3001 --strict'],
  },
  manifest: {
    args: '[MODULE] [--out server.json] [--check]',
    summary: "write the MCP Registry's server.json from the server and package.json, or check it",
    about: `Writes server.json (the MCP Registry's, schema 2025-12-11) from the project's package.json (its
name, version, mcpName, repository, homepage) and, given MODULE, the server's own title, description
and card: the registry name is package.json's mcpName, else the card's name, else io.github.<owner>/<repo>
from the repository; an npm package run over stdio; --public-url adds a remote. With --check it reads
server.json (or --out FILE) and names every disagreement, exiting 1: mcpName missing or different,
version drift, a description over 100 characters, an invalid name.`,
    flags: {
      out: { type: 'string', value: 'FILE', text: 'write it to FILE (whole, or not at all); with --check, read FILE' },
      check: {
        type: 'boolean',
        text: 'compare server.json (or --out FILE) with the project, and exit 1 on a disagreement',
      },
      'public-url': {
        type: 'string',
        value: 'URL',
        text: 'the URL the server is reached at over Streamable HTTP, listed as a remote',
      },
    },
    examples: ['zod-mcp manifest ./server.ts --out server.json', 'zod-mcp manifest ./server.ts --check'],
  },
} as const satisfies Record<string, Command>;
