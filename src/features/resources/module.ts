// Resources as a module: served when the `resources` option is given (even empty) or an extension
// before it (MCP Apps, skills) has resources to serve.
import type { ServerModule } from '../module.js';
import type { Resource, ResourceTemplate } from './define.js';
import { resourcesFeature } from './index.js';

export interface ResourcesModuleOptions {
  resources?: readonly (Resource | ResourceTemplate)[];
}

export const resourcesModule: ServerModule<ResourcesModuleOptions> = {
  name: 'resources',
  options: ['resources'],
  setup({ options, lists, provided }) {
    const contributed = provided.extensions.flatMap((extension) => extension.resources ?? []);
    if (options.resources === undefined && contributed.length === 0) return undefined;
    const resources = resourcesFeature([...contributed, ...(options.resources ?? [])], lists);
    return { feature: resources, provides: { resources } };
  },
};
