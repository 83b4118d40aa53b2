// serveHttp's `metrics: { port }`: the metrics endpoint alone on 127.0.0.1:port, without a token
// (what is local to the machine scrapes it), behind the Host check of the localhost names.
import { createServer, type Server } from 'node:http';
import { checkHostAndOrigin } from '../guard.js';
import type { MetricsEndpoint } from '../metrics.js';
import type { ResolvedHandlerOptions } from '../options.js';
import { LOCALHOST_NAMES } from '../resolve.js';
import { sendError } from '../reply.js';

const LOCAL_ONLY = { allowedHosts: new Set(LOCALHOST_NAMES), allowedOrigins: undefined } as Pick<
  ResolvedHandlerOptions,
  'allowedHosts' | 'allowedOrigins'
> as ResolvedHandlerOptions;

/** Listens on 127.0.0.1:port (0 picks one); resolves with the server and the bound port. */
export async function listenForMetrics(
  metrics: MetricsEndpoint,
  port: number,
  reportError: (error: unknown) => void,
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const refusal = checkHostAndOrigin(req, LOCAL_ONLY);
    if (refusal !== undefined) return void sendError(res, 403, refusal);
    const path = (req.url ?? '/').replace(/[?#].*$/s, '');
    if (path !== metrics.path) return void sendError(res, 404, `no metrics here: they are at ${metrics.path}`);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return void sendError(res, 405, `method ${req.method ?? ''} is not allowed; use GET`, {
        headers: { allow: 'GET, HEAD' },
      });
    metrics.send(res, req.method === 'HEAD').catch((error: unknown) => {
      reportError(error);
      if (!res.headersSent) sendError(res, 500, 'the metrics could not be collected');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address !== null ? address.port : port };
}
