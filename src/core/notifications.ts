// The notifications a server acts on, in both eras; any other well-formed one is ignored, never answered.
import { EmptyParams } from '../../schemas/common.js';
import { CancelledParams } from '../../schemas/logging.js';
import { defineNotification, type NotificationHandler } from './method.js';

export const notifications: ReadonlyMap<string, NotificationHandler> = new Map([
  ['notifications/initialized', defineNotification(EmptyParams, () => undefined)],
  // Ends a call of this connection, or (2026, stdio) a subscriptions/listen stream.
  [
    'notifications/cancelled',
    defineNotification(CancelledParams, (params, session) => session.cancel(params.requestId)),
  ],
  // 2025: the client's roots changed; the next roots/list asks it again.
  [
    'notifications/roots/list_changed',
    defineNotification(EmptyParams, (_params, session) => {
      session.roots = undefined;
      session.rootsGeneration++;
    }),
  ],
]);
