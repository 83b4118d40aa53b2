// The test's own web servers, each on its own loopback address and a free port: the host page on
// 127.0.0.1 (with /<name>/mcp passed on to that MCP server), the sandbox proxy page on 127.0.0.2 (so
// another origin, as MCP Apps requires), and a probe on 127.0.0.3 that keeps every request it gets.
import { build } from 'esbuild';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { forwardMcp, type ForwardedCall } from './forward.js';

const HOST_HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>MCP Apps test host</title>
<style>body { font-family: sans-serif; margin: 24px; } #app iframe { display: block; width: 640px; height: 0; border: 1px solid #999; }</style></head>
<body><h1>zod-mcp: an MCP App in Chromium</h1><p id="status" data-state="starting">starting</p><div id="app"></div><script type="module" src="/host.js"></script></body></html>`;
const SANDBOX_HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>sandbox proxy</title>
<style>html, body { margin: 0; height: 100%; } iframe { display: block; border: 0; width: 100%; height: 100%; }</style></head>
<body><script type="module" src="/sandbox.js"></script></body></html>`;

export interface Site {
  readonly origin: string;
  close(): Promise<void>;
}

async function serve(address: string, listener: RequestListener): Promise<Site> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, resolve);
  });
  const close = () => {
    server.closeAllConnections(); // open GET streams too
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { origin: `http://${address}:${(server.address() as AddressInfo).port}`, close };
}

/** host/<entry>.ts bundled for the browser, with the official client and AppBridge in it. */
async function bundle(entry: string): Promise<string> {
  const built = await build({
    entryPoints: [join(import.meta.dirname, 'host', `${entry}.ts`)],
    write: false,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
  });
  return built.outputFiles[0]!.text;
}

export interface Probe extends Site {
  /** `METHOD path` of each request, in order. */
  readonly requests: string[];
}

/** Answers every request with 200 `probe`, readable from any origin (so a refusal can only be the page's CSP). */
export async function startProbe(): Promise<Probe> {
  const requests: string[] = [];
  const site = await serve('127.0.0.3', (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('probe');
  });
  return { origin: site.origin, requests, close: site.close };
}

export interface Pages {
  readonly hostOrigin: string;
  readonly sandboxOrigin: string;
  /** Every tools/call the host page made, with the server's answer. */
  readonly calls: ForwardedCall[];
  /** The host page that shows `tool` of the MCP server named `server`, called with `args`. */
  hostUrl(server: string, tool: string, args: Record<string, unknown>): string;
  close(): Promise<void>;
}

type Files = Readonly<Record<string, readonly [contentType: string, body: string]>>;

/** Serves `files` by path, and passes /<name>/mcp on to `upstreams[name]`. */
function listener(files: Files, upstreams: Readonly<Record<string, string>>, calls: ForwardedCall[]): RequestListener {
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    const name = /^\/([a-z]+)\/mcp$/.exec(path)?.[1];
    if (name !== undefined && Object.hasOwn(upstreams, name))
      return forwardMcp(req, res, name, upstreams[name]!, calls);
    const file = Object.hasOwn(files, path) ? files[path] : undefined;
    if (file === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' }).end(file[1]);
  };
}

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/** `upstreams`: name -> MCP endpoint URL, which the host page reaches at /<name>/mcp on its own origin. */
export async function startPages(upstreams: Readonly<Record<string, string>>): Promise<Pages> {
  const [hostJs, sandboxJs] = await Promise.all([bundle('host'), bundle('sandbox')]);
  const calls: ForwardedCall[] = [];
  const host = await serve(
    '127.0.0.1',
    listener({ '/': [HTML, HOST_HTML], '/host.js': [JS, hostJs] }, upstreams, calls),
  );
  const sandbox = await serve(
    '127.0.0.2',
    listener({ '/sandbox.html': [HTML, SANDBOX_HTML], '/sandbox.js': [JS, sandboxJs] }, {}, calls),
  );
  return {
    hostOrigin: host.origin,
    sandboxOrigin: sandbox.origin,
    calls,
    hostUrl: (server, tool, args) => {
      const sandboxUrl = `${sandbox.origin}/sandbox.html?${new URLSearchParams({ host: host.origin })}`;
      return `${host.origin}/?${new URLSearchParams({ endpoint: `/${server}/mcp`, tool, args: JSON.stringify(args), sandbox: sandboxUrl })}`;
    },
    close: async () => void (await Promise.all([host.close(), sandbox.close()])),
  };
}
