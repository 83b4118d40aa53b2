// A real nginx in front of the test's instances: on a free loopback port, its files in a folder of
// its own, every request logged with the upstream that served it, stopped by its PID.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './redis.js';

export interface Nginx {
  /**
   * One endpoint for both eras: a request without Mcp-Session-Id (2026, and 2025's initialize)
   * goes round-robin, with no affinity; a 2025 session's requests go to the instance whose name
   * starts the session id (`serve --instance i0` makes ids `i0.…`).
   */
  readonly url: string;
  /** The upstreams' ports, as given. */
  readonly ports: readonly number[];
  /** Each request so far: the upstream port that answered it, with its Mcp-Method, Mcp-Name and session. */
  log(): NginxLogEntry[];
  stop(): Promise<void>;
}

export interface NginxLogEntry {
  /** The upstream port that answered (the last one tried). */
  upstream: number;
  /** Every upstream port tried, in order, and what each answered (0: no answer, e.g. a connection error). */
  tried: number[];
  statuses: number[];
  method: string;
  name: string;
  /** What nginx answered the client. */
  status: number;
  session: string;
}

/** The name `serve --instance` is given for the upstream at `index`. */
export const instanceName = (index: number) => `i${index}`;

/**
 * The proxy settings an MCP endpoint needs: HTTP/1.1 upstream keep-alive, no buffering (SSE), long
 * reads, and retries that cannot run a call twice. nginx sends a POST to the next instance only
 * when it never reached one (a connection that could not be made: `error timeout` without
 * `non_idempotent`); the instance's own 503, sent before anything ran, goes once more to the
 * group through `@refused`. A POST that reached an instance which then died answers 502.
 */
export const MCP_PROXY = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;`;

/** The two locations of the MCP endpoint (`$mcp_upstream`: the group the request goes to). */
export const MCP_LOCATIONS = `
    location / {
      proxy_pass http://$mcp_upstream;${MCP_PROXY}
      proxy_intercept_errors on;
      error_page 503 = @refused;
    }
    location @refused {
      proxy_pass http://$mcp_upstream;${MCP_PROXY}
    }`;

export async function startNginx(upstreams: readonly number[]): Promise<Nginx> {
  if (spawnSync('nginx', ['-v']).error !== undefined)
    throw new Error('nginx is not installed: `apt-get install nginx` (.ci/run does)');
  const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-nginx-'));
  const port = await freePort();
  const servers = upstreams
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=1s;`)
    .join('\n');
  const pinned = upstreams.map((_, index) => `    ~^${instanceName(index)}\\. ${instanceName(index)};`).join('\n');
  // One group per instance, the others as backups: a session whose instance is gone reaches one
  // that answers 404 (unknown session), and the client initializes again.
  const groups = upstreams
    .map((upstream, index) => {
      const backups = upstreams
        .filter((other) => other !== upstream)
        .map((other) => `    server 127.0.0.1:${other} backup;`);
      return `  upstream ${instanceName(index)} {\n    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=1s;\n${backups.join('\n')}\n  }`;
    })
    .join('\n');
  const config = `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$upstream_addr|$upstream_status|$http_mcp_method|$http_mcp_name|$status|$http_mcp_session_id';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mcp {
${servers}
    keepalive 32;
    keepalive_timeout 4s;
  }
${groups}
  map $http_mcp_session_id $mcp_upstream {
${pinned}
    default mcp;
  }
  server {
    listen 127.0.0.1:${port};${MCP_LOCATIONS}
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${safeRead(join(dir, 'error.log'))}`);
    if (safeRead(join(dir, 'nginx.pid')) !== '') break;
    if (i > 100) throw new Error(`nginx did not start: ${stderr}`);
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    ports: upstreams,
    log: () =>
      safeRead(join(dir, 'access.log'))
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [upstreams = '', upstreamStatuses = '', method = '', name = '', status = '', session = ''] =
            line.split('|');
          // nginx lists every upstream it tried (`, ` between the tries of one location, ` : ` across an
          // error_page redirect): the last one answered.
          const tried = upstreams.split(/, | : /).map((address) => Number(address.split(':').at(-1)));
          const statuses = upstreamStatuses.split(/, | : /).map((code) => (code === '-' ? 0 : Number(code)));
          return { upstream: tried.at(-1)!, tried, statuses, method, name, status: Number(status), session };
        }),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
