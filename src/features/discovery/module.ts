// Discovery as a module: how tools/list shows a server's tools. `list` (the default) lists them all;
// `search` lists a fixed few (the tools marked alwaysLoad, search_tools, call_tool) and serves the
// rest through search. A transport may serve the other mode (serve --discovery, the HTTP handler's
// `discovery`), so search mode is always ready, built on first use.
import type { ServerModule } from '../module.js';
import { redirectCallTool } from './redirect.js';
import { CALL_TOOL } from './meta-tools.js';
import { discoveryOf, type DiscoveryMode } from './search.js';

export interface DiscoveryModuleOptions {
  /** `list` (the default): tools/list lists every tool; `search`: search_tools and call_tool serve them. */
  discovery?: DiscoveryMode;
}

const DISCOVERY_MODES: readonly unknown[] = ['list', 'search'];

/** The mode a server or a transport is given, checked: anything but `list` or `search` throws, naming it. */
export function checkDiscoveryMode(mode: unknown): asserts mode is DiscoveryMode {
  if (!DISCOVERY_MODES.includes(mode))
    throw new TypeError(`discovery: expected 'list' or 'search', got ${JSON.stringify(mode)}`);
}

export const discoveryModule: ServerModule<DiscoveryModuleOptions> = {
  name: 'discovery',
  options: ['discovery'],
  setup({ options, schemaProfile }) {
    const mode = options.discovery ?? 'list';
    checkDiscoveryMode(mode);
    const discovery = discoveryOf(mode);
    return {
      provides: { discovery },
      started(dispatcher) {
        dispatcher.redirect = redirectCallTool(
          () => discovery.meta().get(CALL_TOOL)!,
          dispatcher.state.arguments,
          schemaProfile,
        );
      },
    };
  },
};
