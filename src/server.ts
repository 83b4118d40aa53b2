import type { Response } from '../schemas/jsonrpc.js';
import type { Implementation } from '../schemas/mcp.js';
import type { ServerState } from './core/method.js';
import { ErrorCode, errorFrame, safely } from './jsonrpc/errors.js';
import { route, type HandleContext } from './core/dispatch.js';
import { Session, type Notify } from './core/connection.js';
import type { Tool } from './features/tools/define.js';
import { checkTimeout } from './core/limits.js';

export interface McpServerOptions {
  name: string;
  version: string;
  title?: string;
  /** Sent in the initialize answer: how a model should use this server. */
  instructions?: string;
  tools?: readonly Tool[];
  /** tools/list page size; without it every tool comes in one page. */
  pageSize?: number;
  /** Default timeout for every tool call, in milliseconds; a tool's own `timeoutMs` wins. */
  timeoutMs?: number;
  /** Receives internal errors (the -32603 cases); defaults to one line on stderr. */
  onError?: (error: unknown) => void;
}

/**
 * An MCP server with no transport: `handle(frame)` answers one JSON-RPC frame. Tools are checked
 * and their JSON Schema generated here, so a bad tool fails at start-up, naming itself.
 */
export class McpServer {
  readonly #state: ServerState;
  readonly #session = new Session();

  constructor(options: McpServerOptions) {
    const tools = new Map<string, Tool>();
    for (const tool of options.tools ?? []) {
      if (tools.has(tool.name)) throw new TypeError(`tool "${tool.name}" is defined twice`);
      tools.set(tool.name, tool);
    }
    const { pageSize = Infinity, timeoutMs } = options;
    if (!(pageSize >= 1)) throw new TypeError('pageSize must be at least 1');
    checkTimeout(timeoutMs, 'timeoutMs');
    const serverInfo: Implementation = { name: options.name, version: options.version };
    if (options.title !== undefined) serverInfo.title = options.title;
    this.#state = {
      serverInfo,
      instructions: options.instructions,
      tools,
      toolList: [...tools.values()].map((tool) => tool.descriptor),
      pageSize: Math.floor(pageSize),
      timeoutMs,
      report: options.onError ?? reportToStderr,
    };
  }

  /** The tools this server serves, in tools/list order. */
  get tools(): readonly Tool[] {
    return [...this.#state.tools.values()];
  }

  /** A new connection with its own log level and calls in flight; transports make one per client. */
  createSession(options: { notify?: Notify } = {}): Session {
    return new Session(options);
  }

  /**
   * Answers one frame (already parsed from JSON): the response, or `null` for a notification, a
   * response, or a cancelled call. Never throws and never rejects, whatever it is given.
   */
  handle(frame: unknown, context: HandleContext = {}): Promise<Response | null> {
    let response: Response | null | Promise<Response | null>;
    try {
      response = route(this.#state, frame, context.session ?? this.#session, context);
    } catch (error) {
      response = this.#internalError(error);
    }
    // route's promises never reject; the catch is for a bug, which must not become a rejection.
    return response instanceof Promise ? response.catch((error: unknown) => this.#internalError(error)) : Promise.resolve(response);
  }

  #internalError(error: unknown): Response {
    safely(this.#state.report, error);
    return errorFrame(null, ErrorCode.InternalError);
  }
}

function reportToStderr(error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`zod-mcp: internal error: ${detail}\n`);
}
