// What a client can make the server keep for the changes it follows: the lists of one
// subscriptions/listen filter, the listen streams one principal holds open, and the URIs one 2025
// session called resources/subscribe for. Each is bounded; past a bound the request is refused.
import type { SubscriptionFilter } from '../../schemas/rev2026.js';
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import { optionKeys, refuseUnknownOptions } from './options.js';

/** McpServer's `subscriptions` option. */
export interface SubscriptionOptions {
  /** subscriptions/listen streams one principal may hold open at once (default 16). */
  maxStreamsPerPrincipal?: number;
  /**
   * Streams all callers without a principal (no token) may hold open together (default 1024): the server cannot tell
   * them apart.
   */
  maxAnonymousStreams?: number;
  /** Task ids in one listen filter's `taskIds` (default 1000). */
  maxTaskIds?: number;
  /** URIs in one listen filter's `resourceSubscriptions`, and URIs one 2025 session may subscribe to (default 1000). */
  maxResourceSubscriptions?: number;
}

const SUBSCRIPTION_OPTIONS = optionKeys<SubscriptionOptions>({
  maxStreamsPerPrincipal: true,
  maxAnonymousStreams: true,
  maxTaskIds: true,
  maxResourceSubscriptions: true,
});

/** The longest task id a listen filter may name: the server's own are UUIDs (36 characters). */
export const MAX_TASK_ID_LENGTH = 256;
/** The longest URI a listen filter may name: a resource template matches none longer (MAX_MATCHED_URI). */
export const MAX_URI_LENGTH = 8192;

/** The key every request without a principal (no token, none given to `handle`) counts under. */
const ANONYMOUS = Symbol('anonymous');

export interface SubscriptionLimits {
  readonly maxStreamsPerPrincipal: number;
  readonly maxAnonymousStreams: number;
  readonly maxTaskIds: number;
  readonly maxResourceSubscriptions: number;
  /** Throws -32602 naming the bound when the filter's lists, or a string in them, are too long. */
  checkFilter(filter: SubscriptionFilter): void;
  /** Takes one of the principal's stream slots: the function that gives it back, or -32600 when all are taken. */
  openStream(principal: string | undefined): () => void;
  /** Throws -32600 when a session that follows `size` URIs may follow no more. */
  checkSubscribe(size: number): void;
  /** Listen streams open, over every principal (a metrics endpoint's gauge). */
  readonly openStreams: number;
}

/** The option checked, with its defaults, and the count of open streams of each principal (in this process). */
export function subscriptionLimits(option: SubscriptionOptions = {}): SubscriptionLimits {
  refuseUnknownOptions('subscriptions', option, SUBSCRIPTION_OPTIONS);
  const {
    maxStreamsPerPrincipal = 16,
    maxAnonymousStreams = 1024,
    maxTaskIds = 1000,
    maxResourceSubscriptions = 1000,
  } = option;
  for (const [name, value] of Object.entries({
    maxStreamsPerPrincipal,
    maxAnonymousStreams,
    maxTaskIds,
    maxResourceSubscriptions,
  })) {
    if (!(Number.isInteger(value) && value >= 1))
      throw new TypeError(`subscriptions.${name} must be a positive integer`);
  }
  const open = new Map<string | symbol, number>();
  let total = 0;
  return {
    maxStreamsPerPrincipal,
    maxAnonymousStreams,
    maxTaskIds,
    maxResourceSubscriptions,
    checkFilter(filter) {
      checkList(filter.taskIds, 'taskIds', maxTaskIds, 'task ids', MAX_TASK_ID_LENGTH, 'a task id');
      checkList(
        filter.resourceSubscriptions,
        'resourceSubscriptions',
        maxResourceSubscriptions,
        'URIs',
        MAX_URI_LENGTH,
        'a URI',
      );
    },
    openStream(principal) {
      const key = principal ?? ANONYMOUS;
      const count = open.get(key) ?? 0;
      if (key === ANONYMOUS && count >= maxAnonymousStreams) {
        throw new ProtocolError(
          ErrorCode.InvalidRequest,
          `too many listen streams open for callers without a token (limit ${maxAnonymousStreams}); close one first`,
        );
      }
      if (key !== ANONYMOUS && count >= maxStreamsPerPrincipal) {
        throw new ProtocolError(
          ErrorCode.InvalidRequest,
          `too many listen streams open for this caller (limit ${maxStreamsPerPrincipal}); close one first`,
        );
      }
      open.set(key, count + 1);
      total += 1;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        total -= 1;
        const left = (open.get(key) ?? 1) - 1;
        if (left === 0) open.delete(key);
        else open.set(key, left);
      };
    },
    get openStreams() {
      return total;
    },
    checkSubscribe(size) {
      if (size < maxResourceSubscriptions) return;
      throw new ProtocolError(
        ErrorCode.InvalidRequest,
        `too many resource subscriptions in this session (limit ${maxResourceSubscriptions}); unsubscribe from one ` +
          'first',
      );
    },
  };
}

function checkList(
  list: readonly string[] | undefined,
  field: string,
  max: number,
  items: string,
  maxLength: number,
  item: string,
): void {
  if (list === undefined) return;
  const path = `params.notifications.${field}`;
  if (list.length > max)
    throw new ProtocolError(ErrorCode.InvalidParams, `${path}: holds at most ${max} ${items}, got ${list.length}`);
  for (const [index, value] of list.entries()) {
    if (value.length > maxLength)
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `${path}[${index}]: ${item} is at most ${maxLength} characters, got ${value.length}`,
      );
  }
}
