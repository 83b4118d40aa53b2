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
  /** Each request so far: the upstream port that answered it, with its Mcp-Method, Mcp-Name and session. */
  log(): { upstream: number; method: string; name: string; status: number; session: string }[];
  stop(): Promise<void>;
}

/** The name `serve --instance` is given for the upstream at `index`. */
export const instanceName = (index: number) => `i${index}`;

/** The proxy settings an MCP endpoint needs: HTTP/1.1 upstream keep-alive, no buffering (SSE), long reads. */
export const MCP_LOCATION = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_503 non_idempotent;`;

export async function startNginx(upstreams: readonly number[]): Promise<Nginx> {
  if (spawnSync('nginx', ['-v']).error !== undefined) throw new Error('nginx is not installed: `apt-get install nginx` (.ci/run does)');
  const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-nginx-'));
  const port = await freePort();
  const servers = upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=1s;`).join('\n');
  const pinned = upstreams.map((_, index) => `    ~^${instanceName(index)}\\. ${instanceName(index)};`).join('\n');
  // One group per instance, the others as backups: a session whose instance is gone reaches one
  // that answers 404 (unknown session), and the client initializes again.
  const groups = upstreams
    .map((upstream, index) => {
      const backups = upstreams.filter((other) => other !== upstream).map((other) => `    server 127.0.0.1:${other} backup;`);
      return `  upstream ${instanceName(index)} {\n    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=1s;\n${backups.join('\n')}\n  }`;
    })
    .join('\n');
  const config = `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$upstream_addr|$http_mcp_method|$http_mcp_name|$status|$http_mcp_session_id';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mcp {
${servers}
    keepalive 32;
  }
${groups}
  map $http_mcp_session_id $mcp_upstream {
${pinned}
    default mcp;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$mcp_upstream;${MCP_LOCATION}
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
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
    log: () =>
      safeRead(join(dir, 'access.log'))
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [upstream = '', method = '', name = '', status = '', session = ''] = line.split('|');
          // After a failed try nginx lists every upstream it tried: the last one answered.
          const last = upstream.split(', ').at(-1) ?? '';
          return { upstream: Number(last.split(':').at(-1)), method, name, status: Number(status), session };
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
