// GET /healthz: what a load balancer asks before it sends an instance traffic.
import type { HttpResponse } from './messages.js';
import type { HttpState } from './state.js';
import { hostProcess } from '../../runtime/host.js';
import { utf8Length } from '../../runtime/bytes.js';

/**
 * 200 `{"status":"ok",...}` while serving; 503 `{"status":"draining",...}` once a drain or close
 * began, and `{"status":"unavailable",...,"down":[...]}` while a shared store it needs (Redis) does
 * not answer.
 */
export function sendHealth(state: HttpState, res: HttpResponse, head: boolean): void {
  const down = state.server.unavailable;
  const status = state.closing || state.draining ? 'draining' : down.length > 0 ? 'unavailable' : 'ok';
  const body = JSON.stringify({
    status,
    pid: hostProcess()?.pid, // none on a worker: left out
    inFlight: state.inFlight,
    sessions: state.sessions.size,
    tasks: state.server.runningTasks.count,
    ...(down.length > 0 ? { down } : {}),
  });
  res.writeHead(status === 'ok' ? 200 : 503, {
    'content-type': 'application/json',
    'content-length': utf8Length(body),
    'cache-control': 'no-store',
    ...(status === 'draining' ? { connection: 'close' } : {}),
  });
  res.end(head ? undefined : body);
}
