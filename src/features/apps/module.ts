// MCP Apps as a module: the extension declared when a tool has a view (its views served by the resources
// module), and a tool with a view added while serving admitted only then, its view served with it.
import { served, type ServerModule } from '../module.js';
import { appsExtension } from './index.js';

export const appsModule: ServerModule<object> = {
  name: 'apps',
  options: [],
  setup({ provided }) {
    const extensions = appsExtension(provided.tools!.list());
    const declared = extensions.length > 0;
    return {
      extensions,
      admitTool(tool, { resources }) {
        if (tool.ui === undefined) return;
        if (!declared)
          throw new TypeError(
            `addTool("${tool.name}"): the tool is an MCP App's, but this server was built with none, so it does ` +
              'not declare the extension',
          );
        const view = tool.ui.view;
        if (view !== undefined && !served(resources, 'resources').list().includes(view)) resources!.add(view);
      },
    };
  },
};
