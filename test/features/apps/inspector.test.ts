// The official MCP Inspector probes the package's MCP App (MCP Apps, io.modelcontextprotocol/ui, 2026-01-26):
//
//   mcp-inspector --cli --advertise-apps --app-info --method tools/list --protocol-era ERA -- node SERVER ...   (stdio)
//   mcp-inspector --cli --advertise-apps --app-info --method tools/list --protocol-era ERA --transport http --server-url URL
//
// The Inspector is 2.12.0 from npm (scripts/clients.json, `npm run runtimes` installs it into
// .runtimes/inspector/), run on .runtimes/node24's Node: it needs Node >= 22.19. `--advertise-apps`
// makes it claim `extensions["io.modelcontextprotocol/ui"] = { mimeTypes: ["text/html;profile=mcp-app"] }`
// among its client capabilities (2025: in initialize; 2026: in every request's `_meta`); without it
// the CLI claims no ui extension. `--app-info` with tools/list prints one JSON line per tool:
// `{"hasApp":false,"toolName":...}` for a tool without `_meta.ui.resourceUri`, else the resource URI,
// the tool's visibility, and the CSP, prefersBorder and mimeType of the resource, which it reads.
// `--protocol-era legacy` opens with initialize (2025-11-25); `modern` pins 2026-07-28 (server/discover,
// then each request enveloped); `auto` probes with server/discover first, and zod-mcp answering it,
// goes on as `modern` does. Each probe takes about a second.
//
// The server is `zod-mcp serve --demo` (stdio) and `serve --demo --http`: it shows its app only to a
// client that claims the extension, so without --advertise-apps the Inspector sees no app at all.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientCommand, describeWithClient } from '../../helpers/runtimes.js';
import { startServe, type ServeProcess } from '../../helpers/serve-process.js';
import { programJs } from '../../helpers/stdio-peer.js';

const TAP = join(import.meta.dirname, 'servers', 'stdio-tap.mjs');
/** What node runs for the stdio server. */
const STDIO_SERVER: readonly string[] = [programJs, 'serve', '--demo'];
const startHttpServer = (): Promise<ServeProcess> => startServe(['--demo', '--port', '0']);

const UI = 'io.modelcontextprotocol/ui';
const MIME = 'text/html;profile=mcp-app';
const APP_URI = 'ui://show_chart/app.html';
const CSP = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
/** What --app-info prints for each app tool (key order aside: the Inspector's is hasApp, toolName, resourceUri, visibility, csp, prefersBorder, resourceMimeType). */
const SHOW_CHART = {
  hasApp: true,
  toolName: 'show_chart',
  resourceUri: APP_URI,
  csp: CSP,
  prefersBorder: true,
  resourceMimeType: MIME,
};
const CHART_STATS = {
  hasApp: true,
  toolName: 'chart_stats',
  resourceUri: APP_URI,
  visibility: ['app'],
  csp: CSP,
  prefersBorder: true,
  resourceMimeType: MIME,
};
/** What --advertise-apps claims. */
const UI_CLAIM = { mimeTypes: [MIME] };

type Era = 'legacy' | 'modern' | 'auto';
type Transport = 'stdio' | 'http';
interface Frame {
  id?: string | number;
  method?: string;
  params?: { protocolVersion?: string; capabilities?: Capabilities; uri?: string; _meta?: Record<string, unknown> };
}
interface Capabilities {
  extensions?: Record<string, unknown>;
}
interface AppInfo {
  hasApp: boolean;
  toolName: string;
  [key: string]: unknown;
}

const PROBE_MS = 20_000;
let home: string;
let http: ServeProcess;
let httpTap: HttpTap;

/** One run of the Inspector's CLI: its exit, its stdout as JSON lines, its stderr, and the frames it sent. */
async function probe(
  transport: Transport,
  era: Era,
  advertise: boolean,
): Promise<{ code: number | string; lines: AppInfo[]; stderr: string; frames: Frame[] }> {
  const { runtime, script } = clientCommand('inspector')!;
  const log = join(home, `tap-${transport}-${era}-${advertise}-${Date.now()}.ndjson`);
  const target =
    transport === 'stdio'
      ? ['--', process.execPath, TAP, log, process.execPath, ...STDIO_SERVER]
      : ['--transport', 'http', '--server-url', httpTap.url];
  const argv = [
    '--cli',
    ...(advertise ? ['--advertise-apps'] : []),
    '--app-info',
    '--method',
    'tools/list',
    '--protocol-era',
    era,
    ...target,
  ];
  httpTap.frames.length = 0;
  // HOME of its own: over HTTP the Inspector makes ~/.mcp-inspector/storage (its OAuth state).
  const child = spawn(runtime, [script, ...argv], {
    cwd: home,
    env: { PATH: process.env.PATH ?? '', HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: PROBE_MS,
    killSignal: 'SIGKILL',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | string>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exit, signal) => resolve(exit ?? signal ?? 'unknown'));
  });
  const lines = stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as AppInfo);
  const frames = transport === 'stdio' ? readFrames(log) : [...httpTap.frames];
  return { code, lines, stderr, frames };
}

function readFrames(log: string): Frame[] {
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Frame);
}

const unique = <T>(values: readonly T[]): T[] =>
  [...new Set(values.map((value) => JSON.stringify(value ?? null)))].map((text) => JSON.parse(text) as T);

/** What the Inspector said on the wire: its first request, the revisions its requests named, its claims of the ui extension, the URIs it read. */
function heard(frames: readonly Frame[]) {
  const requests = frames.filter((frame) => frame.id !== undefined);
  const capabilities = (frame: Frame): Capabilities | undefined =>
    frame.method === 'initialize'
      ? frame.params?.capabilities
      : (frame.params?._meta?.['io.modelcontextprotocol/clientCapabilities'] as Capabilities | undefined);
  return {
    opened: requests[0]?.method,
    revisions: unique(
      requests
        .map((frame) =>
          frame.method === 'initialize'
            ? frame.params?.protocolVersion
            : frame.params?._meta?.['io.modelcontextprotocol/protocolVersion'],
        )
        .filter((revision) => revision !== undefined),
    ),
    uiClaims: unique(
      requests
        .map(capabilities)
        .filter((caps) => caps !== undefined)
        .map((caps) => caps.extensions?.[UI]),
    ),
    listed: requests.some((frame) => frame.method === 'tools/list'),
    read: unique(requests.filter((frame) => frame.method === 'resources/read').map((frame) => frame.params?.uri)),
  };
}

/** The era on the wire: legacy opens with initialize at 2025-11-25; modern, and auto against zod-mcp, with server/discover at 2026-07-28. */
const spoken = (era: Era) =>
  era === 'legacy'
    ? { opened: 'initialize', revisions: ['2025-11-25'] }
    : { opened: 'server/discover', revisions: ['2026-07-28'] };

interface HttpTap {
  readonly url: string;
  readonly frames: Frame[];
  close(): Promise<void>;
}

/** A loopback proxy in front of the HTTP server that keeps every JSON-RPC frame POSTed through it (the Host header set to the server's). */
async function tapHttp(target: string): Promise<HttpTap> {
  const upstream = new URL(target);
  const frames: Frame[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      if (incoming.method === 'POST' && body.length > 0) {
        try {
          const parsed = JSON.parse(body.toString('utf8')) as Frame | Frame[];
          frames.push(...(Array.isArray(parsed) ? parsed : [parsed]));
        } catch {
          frames.push({ method: `(not JSON) ${body.toString('utf8').slice(0, 80)}` });
        }
      }
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => outgoing.destroy());
      outgoing.on('close', () => forward.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    frames,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describeWithClient('inspector')('the MCP Inspector 2.12.0 probes the app of zod-mcp serve --demo (--app-info)', () => {
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'zod-mcp-inspector-'));
    http = await startHttpServer();
    httpTap = await tapHttp(http.url);
  });
  afterAll(async () => {
    await httpTap?.close();
    await http?.stop();
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
  });

  for (const transport of ['stdio', 'http'] as const) {
    for (const era of ['legacy', 'modern', 'auto'] as const) {
      it(
        `${transport}, --protocol-era ${era}, --advertise-apps: show_chart has its app (resource URI, CSP), chart_stats is app-only`,
        async () => {
          const { code, lines, stderr, frames } = await probe(transport, era, true);
          expect(code, stderr).toBe(0);
          // Every tool is a line; the app tools' lines exactly, and every other (the demo's) has no app.
          expect(
            Object.fromEntries(lines.filter((line) => line.hasApp).map((line) => [line.toolName, line])),
          ).toStrictEqual({ show_chart: SHOW_CHART, chart_stats: CHART_STATS });
          for (const line of lines.filter((info) => !info.hasApp))
            expect(line).toStrictEqual({ hasApp: false, toolName: line.toolName });
          expect(unique(lines.map((line) => line.toolName))).toHaveLength(lines.length);
          expect(heard(frames)).toStrictEqual({ ...spoken(era), uiClaims: [UI_CLAIM], listed: true, read: [APP_URI] });
        },
        PROBE_MS + 5_000,
      );

      it(
        `${transport}, --protocol-era ${era}, no --advertise-apps: the Inspector claims no ui extension`,
        async () => {
          const { code, stderr, frames } = await probe(transport, era, false);
          expect(code, stderr).toBe(0);
          // It is shown no app, so it reads no view.
          expect(heard(frames)).toStrictEqual({ ...spoken(era), uiClaims: [null], listed: true, read: [] });
        },
        PROBE_MS + 5_000,
      );

      // The server's half: a client that claims no ui extension sees no `_meta.ui` and no app-only tool.
      it(
        `${transport}, --protocol-era ${era}, no --advertise-apps: the server lists neither _meta.ui nor chart_stats`,
        async () => {
          const { code, lines, stderr } = await probe(transport, era, false);
          expect(code, stderr).toBe(0);
          expect(lines.filter((line) => line.hasApp)).toStrictEqual([]);
          expect(lines.map((line) => line.toolName)).not.toContain('chart_stats');
          expect(lines.find((line) => line.toolName === 'show_chart')).toStrictEqual({
            hasApp: false,
            toolName: 'show_chart',
          });
          for (const line of lines) expect(line).toStrictEqual({ hasApp: false, toolName: line.toolName });
        },
        PROBE_MS + 5_000,
      );
    }
  }
});
