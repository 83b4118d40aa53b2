// The rate-limit stage: innermost around the method, so middleware sees its refusals. A request is
// counted against the server's limit, and a tools/call against its tool's too, per caller (the
// principal; without one, the client's address, an IPv6 one by its /64; without that, one key for all). A refused
// tools/call is a result the model reads; any other request is refused with -32029.
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import type { RequestContext } from '../context.js';
import { isThenable } from '../maybe-async.js';
import type { Method } from '../method.js';
import type { RateLimitRefusal } from '../telemetry/types.js';
import { callerKey } from './caller.js';
import { checkRateLimit, waitWords, type Bucket, type RateLimit } from './limit.js';
import { memoryRateLimits, type BucketTake, type RateLimitStore, type TakeRefusal } from './store.js';

export interface RateLimiter {
  /** `method` run only once its tokens are taken; made per request (a caller's address is the request's). */
  guard(method: Method, clientAddress: string | undefined): Method;
}

export interface RateLimitSettings {
  /** Every request's limit (McpServer's `rateLimit`). */
  readonly limit: RateLimit | undefined;
  /** A tool's own limit (defineTool's `rateLimit`), by name. */
  readonly toolLimit: (name: string) => Bucket | undefined;
  /** Where the buckets live; in this process by default. */
  readonly store: RateLimitStore | undefined;
  /** A store that throws (it should resolve undefined in an outage): told here, and the request served. */
  readonly report: (error: unknown) => void;
  /** Hears each refusal, for the metrics (`zod_mcp.rate_limit.refusals`). */
  readonly refused?: (refusal: RateLimitRefusal) => void;
}

/**
 * The stage of one server; `limitsAll` says whether it has a limit of its own (dispatch needs it for every request
 * then).
 */
export function createRateLimiter(settings: RateLimitSettings): RateLimiter & { readonly limitsAll: boolean } {
  const { toolLimit, report } = settings;
  const server = checkRateLimit(settings.limit, 'McpServer');
  if (settings.store !== undefined && typeof settings.store?.take !== 'function')
    throw new TypeError('McpServer: rateLimitStore must have a take(buckets) method');
  const store = settings.store ?? memoryRateLimits();
  return {
    limitsAll: server !== undefined,
    guard(method, clientAddress) {
      return {
        params: method.params,
        run: (params: never, ctx: RequestContext) => {
          const caller = callerKey(ctx.principal, clientAddress);
          const tool = ctx.method === 'tools/call' ? (params as { name: string }).name : undefined;
          const own = tool === undefined ? undefined : toolLimit(tool);
          const limits: [Bucket, BucketTake][] = [];
          if (server !== undefined) limits.push([server, { key: `server|${caller}`, ...numbers(server) }]);
          if (own !== undefined) limits.push([own, { key: `tool|${tool}|${caller}`, ...numbers(own) }]);
          if (limits.length === 0) return method.run(params, ctx);
          let taken: ReturnType<RateLimitStore['take']>;
          try {
            taken = store.take(limits.map(([, take]) => take));
          } catch (error) {
            report(error);
            taken = undefined;
          }
          const go = (refusal: TakeRefusal | undefined) =>
            refusal === undefined ? method.run(params, ctx) : refuse(refusal, limits, tool, ctx, settings.refused);
          if (!isThenable(taken)) return go(taken);
          return Promise.resolve(taken).then(go, (error: unknown) => {
            report(error);
            return method.run(params, ctx);
          });
        },
      };
    },
  };
}

function numbers(bucket: Bucket): Omit<BucketTake, 'key'> {
  return { burst: bucket.burst, tokens: bucket.tokens, intervalMs: bucket.intervalMs };
}

/** The answer of a refused request, saying when to try again. */
function refuse(
  refusal: TakeRefusal,
  limits: readonly [Bucket, BucketTake][],
  tool: string | undefined,
  ctx: RequestContext,
  refused: RateLimitSettings['refused'],
): unknown {
  const [bucket, take] = limits[refusal.index] ?? limits[0]!;
  const scope = take.key.startsWith('tool|') ? 'tool' : 'server';
  refused?.({ method: ctx.method, tool, scope });
  const whose = scope === 'tool' ? ` for tool ${tool}: ${bucket.words('calls')}` : `: ${bucket.words('requests')}`;
  const detail = `rate limit reached${whose}; try again in ${waitWords(refusal.retryAfterMs)}`;
  if (ctx.method === 'tools/call') return { content: [{ type: 'text', text: detail }], isError: true };
  throw new ProtocolError(ErrorCode.RateLimited, { retryAfterMs: refusal.retryAfterMs, detail });
}
