// subscriptions/listen (MCP 2026-07-28 "Subscriptions"): the one long-lived request. The transport
// gives it a stream (an SSE response on HTTP, the shared channel on stdio); server events go down it.
import type { ServerCapabilities } from '../../../schemas/common.js';
import { ListenParams, MetaKey, type SubscriptionFilter } from '../../../schemas/rev2026.js';
import { notificationOf, type ServerEvent } from '../../core/events.js';
import { permits, type AuthInfo } from '../../core/auth.js';
import { AbortReason } from '../../core/lifetime.js';
import type { RequestContext } from '../../core/context.js';
import type { ServerState } from '../../core/server-state.js';
import { defineMethod } from '../../core/method.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { TASKS_EXTENSION } from '../../../schemas/tasks.js';

/** Never settles by itself: a stream ends when the client leaves or the server stops. */
const forever = new Promise<never>(() => undefined);

/**
 * Acknowledges first, with the subset of the filter this server can honour; then every matching
 * event, each tagged with the subscription id (the request's id). A cancel or a closed stream ends
 * it with no response; shutdown ends it with a graceful result. The filter's lists and the streams
 * a principal holds open are bounded (`subscriptions` option): past them the listen is refused.
 */
export const listen = defineMethod(ListenParams, (params, ctx) => {
  if (
    params.notifications.taskIds !== undefined &&
    (ctx.client.capabilities.extensions as Record<string, unknown> | undefined)?.[TASKS_EXTENSION] === undefined
  ) {
    // SEP-2663: task notifications only for a client that declares the extension on this request.
    throw new ProtocolError(ErrorCode.MissingRequiredClientCapability, {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    });
  }
  const limits = ctx.server.subscriptions;
  limits.checkFilter(params.notifications);
  ctx.begin();
  forgetRequest(ctx);
  const subscriptionId = ctx.requestId;
  const meta = { [MetaKey.subscriptionId]: subscriptionId };
  let release: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;
  const end = () => {
    ctx.session.streams.delete(ctx.abort);
    release?.();
    unsubscribe?.();
    ctx.finish();
  };
  try {
    release = limits.openStream(ctx.principal);
    ctx.session.streams.add(ctx.abort);
    const honoured = honour(params.notifications, ctx.server.capabilities('rev2026'), ctx.server, ctx.auth);
    ctx.notify({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: meta, notifications: honoured },
    });
    unsubscribe = ctx.server.events.subscribe((event) => {
      if (!wants(honoured, event, ctx.principal)) return;
      const { method, params: eventParams } = notificationOf(event);
      ctx.notify({ jsonrpc: '2.0', method, params: { _meta: meta, ...eventParams } });
    });
  } catch (error) {
    end(); // begun, never run (too many streams open): nothing of it may stay, its slot least of all
    throw error;
  }
  return ctx
    .goAsync(forever)
    .catch((reason: unknown) => (reason === AbortReason.Shutdown ? { _meta: meta } : null))
    .finally(end);
});

/**
 * A stream lives long: what it keeps of its request is the filter it honours, never the request
 * itself (params, the `_meta` capabilities and client info), which may hold anything up to the
 * frame's size under keys nobody reads.
 */
function forgetRequest(ctx: RequestContext): void {
  const { era, protocolVersion, logLevel } = ctx.client;
  ctx.params = undefined;
  ctx.client = { era, protocolVersion, capabilities: {}, info: undefined, logLevel };
}

/** The requested kinds this server can deliver: list changes it declares, resource updates if it has subscriptions. */
function honour(
  requested: SubscriptionFilter,
  capabilities: ServerCapabilities,
  server: ServerState,
  auth: AuthInfo | undefined,
): SubscriptionFilter {
  const honoured: SubscriptionFilter = {};
  if (requested.toolsListChanged === true && capabilities.tools?.listChanged === true) honoured.toolsListChanged = true;
  if (requested.promptsListChanged === true && capabilities.prompts?.listChanged === true)
    honoured.promptsListChanged = true;
  if (requested.resourcesListChanged === true && capabilities.resources?.listChanged === true)
    honoured.resourcesListChanged = true;
  if (requested.resourceSubscriptions !== undefined && capabilities.resources?.subscribe === true) {
    // Only what this token may read: the others are left out of the acknowledgement, and never heard.
    honoured.resourceSubscriptions = requested.resourceSubscriptions.filter((uri) =>
      permits(auth, server.resourceScopes(uri)),
    );
  }
  if (
    requested.taskIds !== undefined &&
    (capabilities.extensions as Record<string, unknown> | undefined)?.[TASKS_EXTENSION] !== undefined
  ) {
    honoured.taskIds = [...requested.taskIds];
  }
  return honoured;
}

function wants(filter: SubscriptionFilter, event: ServerEvent, principal: string | undefined): boolean {
  switch (event.type) {
    case 'tools/list_changed':
      return filter.toolsListChanged === true;
    case 'prompts/list_changed':
      return filter.promptsListChanged === true;
    case 'resources/list_changed':
      return filter.resourcesListChanged === true;
    case 'resources/updated':
      return filter.resourceSubscriptions?.includes(event.uri) ?? false;
    case 'tasks/status':
      // Another principal's task is as unknown here as on tasks/get.
      return (
        (filter.taskIds?.includes(event.task.taskId) ?? false) &&
        (event.principal === undefined || event.principal === principal)
      );
  }
}
