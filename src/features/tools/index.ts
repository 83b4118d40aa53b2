// The tools feature: tools/list (paginated, cacheable) and tools/call, over a registry that may
// change while the server runs (each change is published as `tools/list_changed`).
import { PaginatedParams } from '../../../schemas/common.js';
import { CallToolParams, type ListToolsResult, type Tool as ToolDescriptor } from '../../../schemas/tools.js';
import type { EventBus } from '../../core/events.js';
import { permits, requireScopes } from '../../core/auth.js';
import { inSelection, type Toolsets } from '../../core/toolsets.js';
import type { TaskRuntime } from '../../core/tasks/runtime.js';
import { TASKS_EXTENSION } from '../../../schemas/tasks.js';
import { defineMethod, type HeaderParam } from '../../core/method.js';
import { page } from '../../core/paginate.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import type { Feature } from '../feature.js';
import { runTool } from './call.js';
import type { Tool } from './define.js';
import { toolError } from './result.js';
import { valueAt } from './schema-extras.js';
import { applyProfile, type SchemaProfile } from '../../schema/json-schema/profiles.js';
import { rendersApps } from '../apps/tool.js';
import type { Discovery } from '../discovery/search.js';
import type { RequestContext } from '../../core/context.js';

export interface ToolsOptions {
  readonly pageSize: number;
  /** Whether the list may change (addTool/removeTool); declared as `tools.listChanged`. */
  readonly listChanged: boolean;
  /**
   * `result` (the default): an unknown tool is an `isError` result the model reads and recovers from.
   * `error`: a -32602 error frame, as both specification revisions have it.
   */
  readonly unknownTool: 'result' | 'error';
  readonly events: EventBus;
  /** Runs the calls that become tasks (SEP-2663). */
  readonly tasks: TaskRuntime;
  /** Whether the server serves the tasks extension: a tool that needs it cannot be added otherwise. */
  readonly servesTasks: boolean;
  /** The dialect of the input schemas tools/list gives (each tool's rewritten once). */
  readonly schemaProfile: SchemaProfile;
  /** The toolsets the server declares: a tool names only these; a request is served its selection of them. */
  readonly toolsets: Toolsets | undefined;
  /** Search mode's listing and meta-tools, for the requests served search mode. */
  readonly discovery: Discovery | undefined;
}

export interface ToolsFeature extends Feature {
  /** The tools in tools/list order: the order they were added in. */
  list(): readonly Tool[];
  get(name: string): Tool | undefined;
  add(tool: Tool): void;
  /** Whether a tool of that name was there. */
  remove(name: string): boolean;
  /** Search mode will be served (by the server, or a transport): a tool may not take its meta-tools' names. */
  serveSearch(): void;
}

export function toolsFeature(initial: readonly Tool[], options: ToolsOptions): ToolsFeature {
  const tools = new Map<string, Tool>();
  for (const tool of initial) addTo(tools, tool, options.toolsets);
  let descriptors: readonly ToolDescriptor[] = [];
  /** What a client that renders no MCP Apps is listed: no `_meta.ui`, no app-only tools. */
  let plainDescriptors: readonly ToolDescriptor[] = [];
  /** The whole list as one page, built once per change: tools/list does no work per call. */
  let onePage: ListToolsResult = { tools: [] };
  let plainPage: ListToolsResult = { tools: [] };
  let scoped = false;
  /** Whether any tool is in a toolset: a selection filters nothing otherwise. */
  let grouped = false;
  const bySelection = new Map<string, readonly ToolDescriptor[]>();
  const profiled = new WeakMap<ToolDescriptor, ToolDescriptor>();
  const profile = (descriptor: ToolDescriptor): ToolDescriptor => {
    if (options.schemaProfile === 'default') return descriptor;
    let done = profiled.get(descriptor);
    if (done === undefined) {
      done = {
        ...descriptor,
        inputSchema: applyProfile(descriptor.inputSchema, options.schemaProfile) as ToolDescriptor['inputSchema'],
      };
      profiled.set(descriptor, done);
    }
    return done;
  };
  const descriptorOf = (tool: Tool) => profile(tool.descriptor);
  const plainOf = (tool: Tool) => profile(tool.ui === undefined ? tool.descriptor : tool.ui.plain);
  const rebuild = () => {
    descriptors = [...tools.values()].map(descriptorOf);
    plainDescriptors = [...tools.values()].filter(modelSees).map(plainOf);
    scoped = [...tools.values()].some((tool) => tool.scopes !== undefined);
    grouped = [...tools.values()].some((tool) => tool.toolsets !== undefined);
    bySelection.clear();
    onePage = { tools: descriptors as ListToolsResult['tools'] };
    plainPage = { tools: plainDescriptors as ListToolsResult['tools'] };
  };
  rebuild();
  /** Whether search mode is served: its meta-tools then answer to their names (an unreachable one is unknown). */
  let searchServed = false;
  const meta = () => (searchServed ? options.discovery!.meta() : undefined);
  const changed = () => {
    options.discovery?.changed();
    rebuild();
    options.events.publish({ type: 'tools/list_changed' });
  };
  const fixed = (what: string) => {
    if (!options.listChanged)
      throw new TypeError(`${what}: this server was built with listChanged: false, so its tool list cannot change`);
  };

  /** Whether a request is served a tool: its scopes, its apps, and its toolsets allow it. */
  const servedTo = (ctx: RequestContext) => {
    const apps = rendersApps(ctx.client.capabilities);
    const selected = grouped ? ctx.toolsets : undefined;
    return (tool: Tool) =>
      permits(ctx.auth, tool.scopes) &&
      (apps || modelSees(tool)) &&
      (selected === undefined || inSelection(tool.toolsets, selected));
  };
  const describedFor = (ctx: RequestContext) => (rendersApps(ctx.client.capabilities) ? descriptorOf : plainOf);
  options.discovery?.attach({ tools: () => [...tools.values()], servedTo, describedFor });

  /**
   * The listing a request is served: the tools its token's scopes, its apps and its selection allow, in list order,
   * or search mode's (kept per selection until the next change).
   */
  const listFor = (ctx: RequestContext, search: boolean, apps: boolean) => {
    const key =
      ctx.auth !== undefined && scoped ? undefined : `${search}:${apps}:${[...(ctx.toolsets ?? [])].sort().join(',')}`;
    const kept = key === undefined ? undefined : bySelection.get(key);
    if (kept !== undefined) return kept;
    const served = [...tools.values()].filter(servedTo(ctx));
    const describe = apps ? descriptorOf : plainOf;
    const list = search ? options.discovery!.listing(served, describe) : served.map(describe);
    if (key !== undefined && bySelection.size < 64) bySelection.set(key, list);
    return list;
  };

  const listTools = defineMethod(
    PaginatedParams,
    (params, ctx): ListToolsResult => {
      const apps = rendersApps(ctx.client.capabilities);
      const all = apps ? descriptors : plainDescriptors;
      const search = ctx.discovery === 'search';
      // A token sees only the tools its scopes allow; a selection, only its toolsets' (built per call only then).
      const visible =
        search || (ctx.auth !== undefined && scoped) || (grouped && ctx.toolsets !== undefined)
          ? listFor(ctx, search, apps)
          : all;
      if (params?.cursor === undefined && visible === all && all.length <= options.pageSize)
        return apps ? onePage : plainPage;
      const { items, nextCursor } = page(visible, params?.cursor, options.pageSize, 'tools');
      const result = { tools: items as ListToolsResult['tools'] };
      return nextCursor === undefined ? result : { ...result, nextCursor };
    },
    { cacheable: true },
  );

  const callTool = defineMethod(
    CallToolParams,
    (params, ctx) => {
      // Search mode's meta-tools answer to their names (the server checked, serving it, that no tool takes them).
      const found =
        ctx.discovery === 'search'
          ? (options.discovery!.meta().get(params.name) ?? tools.get(params.name))
          : tools.get(params.name);
      // A tool only apps may call is not there for a client that renders none (it was not listed to it),
      // nor one outside the request's toolsets.
      const shown = found !== undefined && (ctx.toolsets === undefined || inSelection(found.toolsets, ctx.toolsets));
      const tool = shown && (modelSees(found) || rendersApps(ctx.client.capabilities)) ? found : undefined;
      if (tool === undefined) {
        if (options.unknownTool === 'error') {
          throw new ProtocolError(ErrorCode.InvalidParams, `params.name: unknown tool: ${params.name}`);
        }
        return toolError(`unknown tool: ${params.name}`);
      }
      if (tool.scopes !== undefined) requireScopes(ctx.auth, tool.scopes, `tool ${tool.name}`);
      const args = params.arguments ?? {};
      if (tool.task === 'never' || ctx.client.era !== 'rev2026') return runTool(tool, args, ctx);
      // SEP-2663: a task only for a request that declares the extension, whatever it declared before.
      if (ctx.client.capabilities.extensions?.[TASKS_EXTENSION] !== undefined) {
        return options.tasks.run(ctx, tool.task, tool.timeoutMs, () => runTool(tool, args, ctx));
      }
      if (tool.task === 'required') {
        throw new ProtocolError(ErrorCode.MissingRequiredClientCapability, {
          requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
        });
      }
      return runTool(tool, args, ctx);
    },
    {
      asksClient: true,
      headerParams: (params): HeaderParam[] =>
        (tools.get(params.name)?.headers ?? []).map(({ header, path }) => ({
          name: header,
          value: valueAt(params.arguments, path),
        })),
    },
  );

  return {
    capabilities: { tools: { listChanged: options.listChanged } },
    methods: { 'tools/list': listTools, 'tools/call': callTool },
    list: () => [...tools.values()],
    get: (name) => tools.get(name) ?? meta()?.get(name),
    add(tool) {
      fixed(`addTool("${tool.name}")`);
      if (tool.task !== 'never' && !options.servesTasks) {
        throw new TypeError(
          `addTool("${tool.name}"): the tool may run as a task, but this server does not serve tasks; give it the ` +
            'tasks option',
        );
      }
      if (meta()?.has(tool.name)) throw new TypeError(reserved(tool.name));
      addTo(tools, tool, options.toolsets);
      changed();
    },
    remove(name) {
      fixed(`removeTool("${name}")`);
      const had = tools.delete(name);
      if (had) changed();
      return had;
    },
    serveSearch() {
      if (searchServed) return;
      const taken = [...tools.keys()].find((name) => options.discovery!.meta().has(name));
      if (taken !== undefined) throw new TypeError(reserved(taken));
      searchServed = true;
    },
  };
}

/** Whether a client that renders no apps may see the tool: any tool but one only apps call. */
function modelSees(tool: Tool): boolean {
  return tool.ui === undefined || tool.ui.visibility.includes('model');
}

function reserved(name: string): string {
  return `tool "${name}": search mode serves a tool of that name; give the tool another`;
}

function addTo(tools: Map<string, Tool>, tool: Tool, toolsets: Toolsets | undefined): void {
  if (tools.has(tool.name)) throw new TypeError(`tool "${tool.name}" is defined twice`);
  const undeclared = tool.toolsets?.find((name) => !toolsets?.names.includes(name));
  if (undeclared !== undefined) {
    const declared = toolsets === undefined ? 'declares none' : `declares ${toolsets.names.join(', ')}`;
    throw new TypeError(
      `tool "${tool.name}": toolset ${JSON.stringify(undeclared)} is not one this server declares (it ${declared})`,
    );
  }
  tools.set(tool.name, tool);
}
