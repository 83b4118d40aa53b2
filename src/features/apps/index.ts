// MCP Apps on the server: the extension declared, with the views its tools link served as resources.
import { APPS_EXTENSION } from '../../../schemas/apps.js';
import type { Extension } from '../feature.js';
import type { Resource } from '../resources/define.js';
import type { Tool } from '../tools/define.js';

/**
 * `io.modelcontextprotocol/ui`, declared (in both eras) when a tool has a view or a `visibility`, with
 * each view once; none without such a tool. The spec defines no server settings: they are `{}`.
 */
export function appsExtension(tools: readonly Tool[]): Extension[] {
  if (!tools.some((tool) => tool.ui !== undefined)) return [];
  const views = new Set<Resource>();
  for (const tool of tools) if (tool.ui?.view !== undefined) views.add(tool.ui.view);
  return [{ id: APPS_EXTENSION, settings: {}, methods: {}, resources: [...views] }];
}
