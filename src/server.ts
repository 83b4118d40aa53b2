// McpServer: a server composed from a table of modules (features/table.ts, built by server-build.ts)
// into one method table and one capability object, served in both protocol eras through one `handle`
// (server-core.ts). Here: what an application calls while serving.
import type { GetPromptResult, ListPromptsResult } from '../schemas/prompts.js';
import type { ListResourcesResult, ReadResourceResult } from '../schemas/resources.js';
import type { CallToolResult, ListToolsResult } from '../schemas/tools.js';
import type { Era } from './core/era.js';
import { LocalClient, type CallOptions } from './core/local-client.js';
import type { MethodMiddleware, Middleware } from './core/middleware.js';
import { addMiddleware } from './core/middleware-table.js';
import { served } from './features/module.js';
import type { Prompt } from './features/prompts/define.js';
import type { Resource, ResourceTemplate } from './features/resources/define.js';
import type { Tool } from './features/tools/define.js';
import { ServerCore } from './server-core.js';

export type { HandleContext } from './core/dispatcher.js';
export type { McpServerOptions } from './server-options.js';

/**
 * An MCP server with no transport: `handle(frame)` answers one JSON-RPC frame, in whichever era the
 * frame speaks. Tools are checked and their JSON Schema generated when defined, so a bad tool fails
 * at start-up, naming itself.
 */
export class McpServer extends ServerCore {
  readonly #local = new LocalClient(
    (frame, context) => this.handle(frame, context),
    () => !this.eras.includes('rev2025'),
    (error) => this.reportError(error),
  );

  /**
   * Adds middleware around every request (`use(mw)`), or the requests of some methods (`use('tools/call', mw)`);
   * returns the server.
   */
  use(middleware: Middleware | MethodMiddleware): this;
  use(method: string | readonly string[], middleware: Middleware): this;
  use(first: string | readonly string[] | Middleware | MethodMiddleware, second?: Middleware): this {
    addMiddleware(this.dispatcher, first, second);
    return this;
  }

  /** The protocol eras this server serves. */
  get eras(): readonly Era[] {
    return [...this.dispatcher.state.eras];
  }

  /** The tools this server serves, in tools/list order. */
  get tools(): readonly Tool[] {
    return this.provided.tools!.list();
  }

  /** Adds a tool while serving: 2025 sessions and 2026 listen streams hear `notifications/tools/list_changed`. */
  addTool(tool: Tool): void {
    this.composed.admitTool(tool); // each module's say first: an app's view served, a limit's stage put in the path
    this.provided.tools!.add(tool);
  }

  /** Removes a tool by name (false if there was none); clients hear of it as for `addTool`. */
  removeTool(name: string): boolean {
    return this.provided.tools!.remove(name);
  }

  /** Adds a resource or template while serving; clients hear `notifications/resources/list_changed`. */
  addResource(resource: Resource | ResourceTemplate): void {
    served(this.provided.resources, 'resources').add(resource);
  }

  /** Removes a resource by URI, or a template by its URI template (false if there was none). */
  removeResource(uriOrTemplate: string): boolean {
    return served(this.provided.resources, 'resources').remove(uriOrTemplate);
  }

  addPrompt(prompt: Prompt): void {
    served(this.provided.prompts, 'prompts').add(prompt);
  }

  removePrompt(name: string): boolean {
    return served(this.provided.prompts, 'prompts').remove(name);
  }

  /**
   * Tells clients that a list changed that the server did not change itself (tools read from a folder
   * that was edited; a new server process that took over, as under `zod-mcp dev`): 2025 sessions
   * hear `notifications/<list>/list_changed`, and so do the 2026 listen streams that follow that
   * list. False, and nothing sent, for a list this server does not declare may change.
   */
  notifyListChanged(list: 'tools' | 'resources' | 'prompts'): boolean {
    const { state } = this.dispatcher;
    if (state.capabilities('rev2025')[list]?.listChanged !== true) return false;
    state.events.publish({ type: `${list}/list_changed` });
    return true;
  }

  /** Tells the 2025 sessions subscribed to this URI, and the 2026 listen streams that name it, that it changed. */
  notifyResourceUpdated(uri: string): void {
    served(this.provided.resources, 'resources');
    this.dispatcher.state.events.publish({ type: 'resources/updated', uri });
  }

  /**
   * Calls a tool in this process (ids assigned, progress to `onProgress`): its result, `isError` ones too; an error
   * frame throws a ProtocolError.
   */
  callTool = (name: string, args: object = {}, options?: CallOptions) =>
    this.#local.request('tools/call', { name, arguments: args }, options) as Promise<CallToolResult | null>;
  /** Every tool (each page followed), as tools/list gives them. */
  listTools = (options?: CallOptions) =>
    this.#local.all('tools/list', 'tools', options) as Promise<ListToolsResult['tools'] | null>;
  listResources = (options?: CallOptions) =>
    this.#local.all('resources/list', 'resources', options) as Promise<ListResourcesResult['resources'] | null>;
  readResource = (uri: string, options?: CallOptions) =>
    this.#local.request('resources/read', { uri }, options) as Promise<ReadResourceResult | null>;
  listPrompts = (options?: CallOptions) =>
    this.#local.all('prompts/list', 'prompts', options) as Promise<ListPromptsResult['prompts'] | null>;
  getPrompt = (name: string, args: Record<string, string> = {}, options?: CallOptions) =>
    this.#local.request('prompts/get', { name, arguments: args }, options) as Promise<GetPromptResult | null>;
}
