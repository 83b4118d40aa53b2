// Toolsets as a module: the `toolsets` option checked, and provided to the tools module (a tool may
// name only these) and to the request path (each request is served its selection of them).
import { toolsetsOf, type ToolsetDeclaration } from '../../core/toolsets.js';
import type { ServerModule } from '../module.js';

export interface ToolsetsModuleOptions {
  toolsets?: Readonly<Record<string, ToolsetDeclaration>>;
}

export const toolsetsModule: ServerModule<ToolsetsModuleOptions> = {
  name: 'toolsets',
  options: ['toolsets'],
  setup({ options }) {
    const toolsets = toolsetsOf(options.toolsets);
    return toolsets === undefined ? undefined : { provides: { toolsets } };
  },
};
