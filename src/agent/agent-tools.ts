// A server's tools as one caller sees them, in process, ready for a model API: listed with the
// caller's scopes, toolsets and app visibility applied, and called with whatever the server asks back
// (an elicitation, a sampling request, the roots) answered by the agent's callbacks, a task followed
// to its end. A call never throws: what goes wrong becomes an `isError` result the model reads.
import type { CallToolResult, Tool } from '../../schemas/tools.js';
import type { McpClient, EraName, Progress } from '../client/client.js';
import { connect } from '../client/in-process.js';
import { RemoteError } from '../client/wire.js';
import { LocalClient, plain, type PreparedOptions } from '../core/local-client.js';
import type { McpServer } from '../server.js';
import { failure, parseArguments } from './arguments.js';
import { argumentsFromStrict } from './forms.js';
import { aliasesOf } from './names.js';
import { answerFor, progressFor } from './questions.js';
import type { AgentToolsOptions, CallOptions, ToolCall } from './types.js';

export type { AgentToolsOptions, CallOptions, ToolCall } from './types.js';

export class AgentTools {
  readonly server: McpServer;
  readonly #options: AgentToolsOptions;
  #client: Promise<McpClient> | undefined;
  /**
   * The way `server.callTool` calls, for a 2025 caller that answers no question: the same results as
   * the client's, without its handshake's session and envelope (docs/performance.md, "zod-mcp/agent in process").
   */
  readonly #local: LocalClient | undefined;
  readonly #prepared: ReturnType<LocalClient['prepare']> | undefined;
  /** The last listing, by name: to tell an unknown tool from bad arguments, and a tool's own schema. */
  #listed = new Map<string, Tool>();
  /** The last listing's names that no model API takes, to their aliases, and back. */
  #aliases = new Map<string, string>();
  #named = new Map<string, string>();

  constructor(server: McpServer, options: AgentToolsOptions = {}) {
    this.server = server;
    this.#options = options;
    const asks = options.onElicit !== undefined || options.onSample !== undefined || options.roots !== undefined;
    if (!asks && options.principal === undefined && this.#era === '2025') {
      const handle: ConstructorParameters<typeof LocalClient>[0] = (frame, context) => server.handle(frame, context);
      this.#local = new LocalClient(
        handle,
        () => false,
        (error) => server.reportError(error),
        false,
      );
      this.#prepared = this.#local.prepare(this.#shared);
    }
  }

  /** What every local call carries: the caller, and the toolsets it names (the server's defaults when none). */
  get #shared(): PreparedOptions {
    const { auth, toolsets } = this.#options;
    return {
      toolsets: (toolsets as readonly string[] | undefined) ?? 'default',
      ...(auth === undefined ? {} : { auth }),
    };
  }

  get #era(): EraName {
    return this.#options.era ?? (this.server.eras.includes('rev2025') ? '2025' : '2026');
  }

  /** tools/list as this caller sees it, every page followed. */
  async list(): Promise<Tool[]> {
    const tools = (await (await this.#connect()).listTools()) as Tool[];
    this.#listed = new Map(tools.map((tool) => [tool.name, tool]));
    this.#aliases = aliasesOf([...this.#listed.keys()]);
    this.#named = new Map([...this.#aliases].map(([name, alias]) => [alias, name]));
    return tools;
  }

  /** The name a model API is given for a tool of the last listing: its own, or an alias when no API takes it. */
  apiName(name: string): string {
    return this.#aliases.get(name) ?? name;
  }

  /**
   * Calls a tool with the model's arguments (an object, or the JSON text of one); its result, or an
   * `isError` result saying what went wrong. Never throws.
   */
  call(asked: string, args: unknown, options: CallOptions = {}): Promise<CallToolResult> {
    const name = this.#named.get(asked) ?? asked;
    const parsed = parseArguments(args);
    if (!parsed.ok) return this.#refuse(name, parsed.why);
    // A text without `null` holds no null to take back (the arguments of most calls).
    if (options.strict === true && !(typeof args === 'string' && !args.includes('null')))
      return this.#fromStrict(name, parsed.value).then((given) => this.#run(name, given, options));
    return this.#run(name, parsed.value, options);
  }

  async #refuse(name: string, why: string): Promise<CallToolResult> {
    return (await this.#knows(name))
      ? failure(`Invalid arguments for tool ${name}: ${why}`)
      : failure(`unknown tool: ${name}`);
  }

  #run(name: string, given: Record<string, unknown>, options: CallOptions): Promise<CallToolResult> {
    const { id, signal } = options;
    // Made without spreads: this runs for every call. A key left undefined is one not given.
    const call: ToolCall = { name, arguments: given, id, signal };
    return this.#local === undefined ? this.#callClient(call) : this.#callLocally(this.#local, call);
  }

  async #callClient(call: ToolCall): Promise<CallToolResult> {
    const { name, signal } = call;
    const onProgress = progressFor(this.#options, call, (error) => this.server.reportError(error));
    try {
      const client = await this.#connect();
      const result = await client.callTool(name, call.arguments, {
        answer: answerFor(this.#options, call),
        ...(onProgress === undefined ? {} : { onProgress }),
        ...(signal === undefined ? {} : { signal }),
      });
      return plain(result) as CallToolResult; // as server.callTool gives it, in either era
    } catch (error) {
      if (signal?.aborted === true) return failure(`tool ${name} was cancelled`);
      if (error instanceof RemoteError) return failure(`tool ${name} could not be called: ${error.detail}`);
      return failure(`tool ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Ends the in-process session (a 2025 session's state is let go). */
  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    const opened = await client?.catch(() => undefined); // a client that never connected has nothing to end
    await opened?.close();
  }

  async #knows(name: string): Promise<boolean> {
    if (!this.#listed.has(name)) await this.list().catch(() => undefined);
    return this.#listed.has(name);
  }

  async #fromStrict(name: string, value: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!(await this.#knows(name))) return value;
    return argumentsFromStrict(this.#listed.get(name)?.inputSchema, value) as Record<string, unknown>;
  }

  #connect(): Promise<McpClient> {
    if (this.#client !== undefined) return this.#client;
    const { auth, principal, toolsets, onElicit, onSample, roots } = this.#options;
    const capabilities = {
      ...(onElicit === undefined ? {} : { elicitation: { form: {} } }),
      ...(onSample === undefined ? {} : { sampling: {} }),
      ...(roots === undefined ? {} : { roots: {} }),
    };
    const opened = connect(this.server, { auth, principal, toolsets, era: this.#era, capabilities, tasks: true });
    this.#client = opened;
    opened.catch(() => {
      if (this.#client === opened) this.#client = undefined; // the next call tries again
    });
    return opened;
  }

  /** As server.callTool calls; a promise chain, not an async function: this is the path most calls take. */
  #callLocally(local: LocalClient, call: ToolCall): Promise<CallToolResult> {
    const { onProgress } = this.#options;
    const params = { name: call.name, arguments: call.arguments };
    const sent =
      onProgress === undefined && call.signal === undefined
        ? this.#prepared!('tools/call', params)
        : local.request('tools/call', params, {
            ...this.#shared,
            ...(onProgress === undefined ? {} : { onProgress: (progress: Progress) => onProgress(progress, call) }),
            ...(call.signal === undefined ? {} : { signal: call.signal }),
          });
    return sent.then(
      (result) => (result === null ? failure(`tool ${call.name} was cancelled`) : (result as CallToolResult)),
      (error: unknown) =>
        failure(`tool ${call.name} could not be called: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

const shared = new WeakMap<McpServer, AgentTools>();

/** What the provider helpers take: a server (seen as a caller with no options sees it), or its AgentTools. */
export type ToolSource = McpServer | AgentTools;

export function agentToolsOf(source: ToolSource): AgentTools {
  if (source instanceof AgentTools) return source;
  let tools = shared.get(source);
  if (tools === undefined) {
    tools = new AgentTools(source);
    shared.set(source, tools);
  }
  return tools;
}
