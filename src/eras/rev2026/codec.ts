// The 2026 era (2026-07-28 and later): every request says who is asking in its `_meta`, and every
// result says what it is (`resultType`), who answered (serverInfo) and, for lists, how long it keeps.
import { MetaKey } from '../../../schemas/rev2026.js';
import type { EraCodec } from '../../core/codec.js';
import { ErrorCode } from '../../jsonrpc/errors.js';
import type { Method } from '../../core/method.js';
import { InputRequired } from '../../core/input/round-state.js';
import { TaskCreated } from '../../core/tasks/record.js';
import { discover } from './discover.js';
import { admitEnvelope } from './envelope.js';
import { checkParamHeaders } from './headers.js';
import { listen } from './listen.js';

const RETRY_HINT = { ttlMs: 0, cacheScope: 'private' } as const;

export const rev2026: EraCodec = {
  era: 'rev2026',
  // initialize, ping, logging/setLevel and resources/(un)subscribe are absent: on this era they are -32601.
  methods: new Map<string, Method>([
    ['server/discover', discover],
    ['subscriptions/listen', listen],
  ]),
  admit: (request) => admitEnvelope(request),
  check(request, method, params) {
    // A call through call_tool bound no header: its arguments are call_tool's (`name`, `arguments`).
    if (request.headers !== undefined && method.headerParams !== undefined && request.via === undefined) {
      checkParamHeaders(request.headers, method.headerParams(params as never));
    }
  },
  // SEP-2164: 2026-07-28 has no -32002; a URI that names no resource is -32602, still with data.uri.
  mapError: (response) =>
    response.error.code === ErrorCode.ResourceNotFound
      ? { ...response, error: { ...response.error, code: ErrorCode.InvalidParams, message: 'Invalid params' } }
      : response,
  encode(result, method, ctx) {
    if (result instanceof TaskCreated) {
      // SEP-2663: flat, resultType "task"; never cacheable.
      return { resultType: 'task', ...result.task, _meta: { [MetaKey.serverInfo]: ctx.server.resultServerInfo } };
    }
    if (result instanceof InputRequired) {
      // Never cacheable (MCP 2026-07-28 "Multi Round-Trip Requests"): no ttlMs, no cacheScope.
      const { inputRequests, requestState } = result;
      return {
        resultType: 'input_required',
        inputRequests,
        requestState,
        _meta: { [MetaKey.serverInfo]: ctx.server.resultServerInfo },
      };
    }
    // Built key by key (no rest/spread): this runs once per 2026 response. Order: resultType, the
    // result's own members, the cache hint, then _meta with the server's identity last.
    const fields = result as Record<string, unknown>;
    const out: Record<string, unknown> = { resultType: 'complete' };
    for (const key in fields) if (key !== '_meta' && Object.hasOwn(fields, key)) out[key] = fields[key];
    if (method.cacheable === true) {
      // The result of a retry that carried answers (or a state) is never to be cached: always fresh, private.
      const hint =
        ctx.requestState === undefined && ctx.inputResponses === undefined
          ? ctx.server.cacheHint(ctx.method)
          : RETRY_HINT;
      out.ttlMs = hint.ttlMs;
      // What an authorized request sees may depend on its token (lists show what its scopes allow): never shared.
      out.cacheScope = ctx.auth === undefined ? hint.cacheScope : 'private';
    }
    // server/discover is where a client learns who the server is: the whole identity (icons too) goes there.
    const info = ctx.method === 'server/discover' ? ctx.server.serverInfo : ctx.server.resultServerInfo;
    const meta = fields._meta as Record<string, unknown> | undefined;
    out._meta = meta === undefined ? { [MetaKey.serverInfo]: info } : { ...meta, [MetaKey.serverInfo]: info };
    return out;
  },
};
