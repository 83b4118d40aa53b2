import type { DetailedTask } from '../../schemas/tasks.js';

// Server events (a list changed, a resource was updated): published once, delivered by each era
// its own way (2025: a notification on every initialized connection; 2026: subscriptions/listen).

/** One change a client may want to hear about; features publish them, eras deliver them. */
export type ServerEvent =
  | { readonly type: 'tools/list_changed' }
  | { readonly type: 'prompts/list_changed' }
  | { readonly type: 'resources/list_changed' }
  | { readonly type: 'resources/updated'; readonly uri: string }
  /**
   * A task changed (SEP-2663): the whole task as tasks/get would show it now, and whose it is (only that principal
   * hears it).
   */
  | { readonly type: 'tasks/status'; readonly task: DetailedTask; readonly principal?: string };

export type EventListener = (event: ServerEvent) => void;

/**
 * Where events travel. The default lives in this process; a shared one (Redis, say) lets an event
 * published by one instance reach the streams held by every instance, each delivered once per stream.
 */
export interface EventBus {
  publish(event: ServerEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** Why events cannot travel now (a shared bus's outage, while it lasts), or undefined: the health check asks. */
  unavailable?(): string | undefined;
}

/** In-process delivery; a listener that throws is reported and the others still hear the event. */
export function memoryEvents(report: (error: unknown) => void = () => undefined): EventBus {
  const listeners = new Set<EventListener>();
  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          report(error);
        }
      }
    },
    subscribe(listener) {
      // A wrapper per subscription, so that the same function subscribed twice is two subscriptions.
      const entry: EventListener = (event) => listener(event);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
  };
}

/**
 * The notification a 2025 client gets for an event, and that a 2026 listen stream carries (with its subscription id).
 */
export function notificationOf(event: ServerEvent): { method: string; params?: Record<string, unknown> } {
  if (event.type === 'resources/updated')
    return { method: 'notifications/resources/updated', params: { uri: event.uri } };
  if (event.type === 'tasks/status') return { method: 'notifications/tasks', params: { ...event.task } };
  return { method: `notifications/${event.type}` };
}
