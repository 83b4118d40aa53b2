// The 2026 era (2026-07-28 and later): every request says who is asking in its `_meta`, and every
// result says what it is (`resultType`), who answered (serverInfo) and, for lists, how long it keeps.
import { MetaKey } from '../../../schemas/rev2026.js';
import type { EraCodec } from '../../core/codec.js';
import type { Method } from '../../core/method.js';
import { discover } from './discover.js';
import { admitEnvelope } from './envelope.js';
import { checkParamHeaders } from './headers.js';
import { listen } from './listen.js';

export const rev2026: EraCodec = {
  era: 'rev2026',
  // initialize, ping, logging/setLevel and resources/(un)subscribe are absent: on this era they are -32601.
  methods: new Map<string, Method>([
    ['server/discover', discover],
    ['subscriptions/listen', listen],
  ]),
  admit: (request) => admitEnvelope(request),
  check(request, method, params) {
    if (request.headers !== undefined && method.headerParams !== undefined) {
      checkParamHeaders(request.headers, method.headerParams(params as never));
    }
  },
  encode(result, method, ctx) {
    const { _meta, ...fields } = result as { _meta?: Record<string, unknown> };
    const hint = method.cacheable === true ? ctx.server.cacheHint(ctx.method) : undefined;
    return {
      resultType: 'complete',
      ...fields,
      ...(hint === undefined ? {} : { ttlMs: hint.ttlMs, cacheScope: hint.cacheScope }),
      _meta: { ..._meta, [MetaKey.serverInfo]: ctx.server.serverInfo },
    };
  },
};
