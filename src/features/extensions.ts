// The `extensions` option as a module: each extension's methods served, its resources served by the
// resources module, and its settings declared in both eras.
import type { Extension } from './feature.js';
import type { ServerModule } from './module.js';

export interface ExtensionsModuleOptions {
  extensions?: readonly Extension[];
}

export const extensionsModule: ServerModule<ExtensionsModuleOptions> = {
  name: 'extensions',
  options: ['extensions'],
  setup: ({ options }) => (options.extensions === undefined ? undefined : { extensions: options.extensions }),
};
