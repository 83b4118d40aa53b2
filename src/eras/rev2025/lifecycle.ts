// The 2025 era's own methods: the initialize handshake, ping, logging/setLevel (MCP 2025-11-25 "Lifecycle").
import { EmptyParams } from '../../../schemas/common.js';
import { SetLevelParams } from '../../../schemas/logging.js';
import { InitializeParams, LATEST_PROTOCOL_VERSION_2025, type InitializeResult } from '../../../schemas/rev2025.js';
import type { Session } from '../../core/connection.js';
import type { RequestContext } from '../../core/context.js';
import { VERSIONS_2025 } from '../../core/era.js';
import { notificationOf } from '../../core/events.js';
import { defineMethod } from '../../core/method.js';

/** Answers the client's version when supported, else the latest (MCP "Lifecycle", version negotiation). */
export const initialize = defineMethod(InitializeParams, (params, ctx): InitializeResult => {
  const protocolVersion = VERSIONS_2025.has(params.protocolVersion)
    ? params.protocolVersion
    : LATEST_PROTOCOL_VERSION_2025;
  ctx.session.initialize({ protocolVersion, capabilities: params.capabilities, info: params.clientInfo });
  deliverEvents(ctx.session, ctx);
  const { server } = ctx;
  return {
    protocolVersion,
    capabilities: server.capabilities('rev2025'),
    serverInfo: server.serverInfo,
    ...(server.instructions === undefined ? {} : { instructions: server.instructions }),
  };
});

export const ping = defineMethod(EmptyParams, () => ({}));

/** logging/setLevel: the session sends only messages at this level or above. */
export const setLogLevel = defineMethod(SetLevelParams, (params, ctx) => {
  ctx.session.setLogLevel(params.level);
  return {};
});

const delivering = new WeakSet<Session>();

/**
 * From its handshake on, a 2025 connection hears of list changes as notifications on its own channel
 * (stdio, or the GET stream of an HTTP session), until it closes; of a resource's update only when
 * it called resources/subscribe for that URI.
 */
function deliverEvents(session: Session, ctx: RequestContext): void {
  if (delivering.has(session)) return;
  delivering.add(session);
  const unsubscribe = ctx.server.events.subscribe((event) => {
    if (event.type === 'resources/updated' && !session.resourceSubscriptions.has(event.uri)) return;
    if (event.type === 'tasks/status') return; // tasks are 2026's (SEP-2663): a 2025 client has none to hear of
    session.notify?.({ jsonrpc: '2.0', ...notificationOf(event) });
  });
  session.onClose(unsubscribe);
}
