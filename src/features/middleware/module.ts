// Middleware as a module: the `use` option's functions around each request, added once the request
// path is built (a method it names must be one the server serves).
import type { MethodMiddleware, Middleware } from '../../core/middleware.js';
import { addMiddleware } from '../../core/middleware-table.js';
import type { ServerModule } from '../module.js';

export interface MiddlewareModuleOptions {
  use?: readonly (Middleware | MethodMiddleware)[];
}

export const middlewareModule: ServerModule<MiddlewareModuleOptions> = {
  name: 'middleware',
  options: ['use'],
  setup: ({ options }) =>
    options.use === undefined
      ? undefined
      : { started: (dispatcher) => options.use!.forEach((entry) => addMiddleware(dispatcher, entry)) },
};
