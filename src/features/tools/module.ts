// Tools as a module: tools/list and tools/call over the `tools` option, provided to the modules after
// it (apps read its views, rate limits its limits, completion nothing); served as discovery says.
import type { ServerModule } from '../module.js';
import type { Tool } from './define.js';
import { toolsFeature } from './index.js';

export interface ToolsModuleOptions {
  tools?: readonly Tool[];
  unknownTool?: 'result' | 'error';
}

export const toolsModule: ServerModule<ToolsModuleOptions> = {
  name: 'tools',
  options: ['tools', 'unknownTool'],
  setup({ options, lists, schemaProfile, provided }) {
    const { runtime, served } = provided.tasks!;
    const tools = toolsFeature(options.tools ?? [], {
      ...lists,
      unknownTool: options.unknownTool ?? 'result',
      tasks: runtime,
      servesTasks: served,
      schemaProfile,
      toolsets: provided.toolsets,
      discovery: provided.discovery,
    });
    if (provided.discovery?.mode === 'search') tools.serveSearch();
    return { feature: tools, provides: { tools } };
  },
};
