// Memory that open HTTP state holds in a zod-mcp server (bench/servers/zod-mcp-http-memory.mjs, one
// process): an idle 2025 session (initialize + notifications/initialized, then nothing), and an open
// 2026 `subscriptions/listen` stream (acknowledged, then waiting). Each is opened `count` times; the
// server's heap after a full GC and its resident set are read before and after, and divided by the
// count. Every session's id and every stream's acknowledgement is checked; everything runs on 127.0.0.1.
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttpProcess } from '../test/helpers/serve-process.js';

const here = dirname(fileURLToPath(import.meta.url));

export interface HeldMemory {
  readonly count: number;
  /** Heap after a full GC, per session or stream. */
  readonly heapBytesEach: number;
  /** Resident set growth, per session or stream (includes the sockets' buffers and the heap's slack). */
  readonly rssBytesEach: number;
}

interface Server {
  readonly url: URL;
  memory(): Promise<{ heapUsed: number; rss: number }>;
  stop(): Promise<void>;
}

/** The bench's memory server (its own process, via the tests' HTTP process helper): its URL, its memory on request, its stop. */
async function startServer(): Promise<Server> {
  const running = await startHttpProcess(['--expose-gc', join(here, 'servers', 'zod-mcp-http-memory.mjs'), '0']);
  return {
    url: new URL(running.url),
    async memory() {
      const seen = running.stderr().length;
      running.child.kill('SIGUSR2');
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const found = /memory (\{.*\})\n/.exec(running.stderr().slice(seen));
        if (found !== null) return JSON.parse(found[1]!) as { heapUsed: number; rss: number };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(
        `the memory bench's server did not report its memory within 30 s: ${running.stderr().slice(seen, seen + 300)}`,
      );
    },
    async stop() {
      await running.stop();
    },
  };
}

function post(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  body: object,
): Promise<{ headers: Record<string, string | string[] | undefined>; text: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () =>
          res.statusCode !== undefined && res.statusCode < 300
            ? resolve({ headers: res.headers, text: answer })
            : reject(new Error(`HTTP ${res.statusCode}: ${answer}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** `count` idle 2025 sessions, opened 16 at a time over keep-alive connections. */
export async function measureIdleSessions(count: number): Promise<HeldMemory> {
  const server = await startServer();
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const ids = new Set<string>();
    const open = async () => {
      const opened = await post(agent, server.url, JSON_HEADERS, {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
      });
      const id = opened.headers['mcp-session-id'];
      if (typeof id !== 'string' || !opened.text.includes('"protocolVersion":"2025-11-25"'))
        throw new Error(`no session: ${opened.text.slice(0, 200)}`);
      if (ids.has(id)) throw new Error(`session id given twice: ${id}`);
      ids.add(id);
      await post(
        agent,
        server.url,
        { ...JSON_HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      );
    };
    const openMany = async (n: number) => {
      let left = n;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (left > 0) {
            left--;
            await open();
          }
        }),
      );
    };
    await openMany(200); // warm-up: code compiled, the table's first growth done
    const before = await server.memory();
    await openMany(count);
    const after = await server.memory();
    if (ids.size !== count + 200) throw new Error(`${ids.size} sessions opened, ${count + 200} asked for`);
    return {
      count,
      heapBytesEach: (after.heapUsed - before.heapUsed) / count,
      rssBytesEach: (after.rss - before.rss) / count,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** `count` open 2026 listen streams, each its own connection, each acknowledged before the next batch opens. */
export async function measureListenStreams(count: number): Promise<HeldMemory> {
  const server = await startServer();
  const sockets: Socket[] = [];
  const openOne = (id: number) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: `listen-${id}`,
        method: 'subscriptions/listen',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
          notifications: { toolsListChanged: true },
        },
      });
      const socket = connect({ host: server.url.hostname, port: Number(server.url.port) });
      sockets.push(socket);
      let seen = '';
      socket.setEncoding('utf8');
      socket.on('error', reject);
      socket.on('data', (chunk: string) => {
        seen += chunk;
        if (seen.length >= 12 && !seen.startsWith('HTTP/1.1 200'))
          reject(new Error(`listen refused: ${seen.slice(0, 300)}`));
        else if (seen.includes('notifications/subscriptions/acknowledged')) {
          if (!seen.includes(`"io.modelcontextprotocol/subscriptionId":"listen-${id}"`))
            reject(new Error(`unexpected answer: ${seen.slice(0, 300)}`));
          socket.removeAllListeners('data');
          resolve();
        }
      });
      socket.write(
        `POST ${server.url.pathname} HTTP/1.1\r\nHost: ${server.url.host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
          `Mcp-Protocol-Version: 2026-07-28\r\nMcp-Method: subscriptions/listen\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  const openMany = async (from: number, n: number) => {
    for (let i = 0; i < n; i += 100)
      await Promise.all(Array.from({ length: Math.min(100, n - i) }, (_, k) => openOne(from + i + k)));
  };
  try {
    await openMany(0, 200); // warm-up
    const before = await server.memory();
    await openMany(200, count);
    const after = await server.memory();
    return {
      count,
      heapBytesEach: (after.heapUsed - before.heapUsed) / count,
      rssBytesEach: (after.rss - before.rss) / count,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
}
