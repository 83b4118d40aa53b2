// defineTool: a tool checked, and its tools/list entry built, once, when it is defined.
import type { TaskSupport } from '../../core/tasks/record.js';
import type { ContentBlock, Icon } from '../../../schemas/common.js';
import {
  ToolName,
  type CallToolResult,
  type Tool as ToolDescriptor,
  type ToolAnnotations,
} from '../../../schemas/tools.js';
import type { HandlerContext } from '../../core/handler-context.js';
import { checkScopes } from '../../core/auth.js';
import { checkPolicy, type ArgumentPolicy } from './arguments.js';
import { checkTimeout } from '../../core/limits.js';
import { checkRateLimit, type Bucket, type RateLimit } from '../../core/rate-limits/limit.js';
import { describeIssues } from '../../schema/issues.js';
import { toJsonSchema } from '../../schema/json-schema/index.js';
import { ONCE, runsAuthorCode } from '../../schema/parse.js';
import { isObjectSchema, isZod3, type AnyObjectSchema, type Input, type Output } from '../../schema/zod.js';
import { bindHeaders, withExtraKeywords, type HeaderBinding } from './schema-extras.js';
import { optionKeys, refuseUnknownOptions } from '../../core/options.js';
import { checkIcons, checkMeta } from '../../core/metadata.js';
import type { ToolVisibility } from '../../../schemas/apps.js';
import type { App } from '../apps/define.js';
import { linkToolUi, plainDescriptor, type ToolUi } from '../apps/tool.js';
import { checkToolsets, hostHints } from './hints.js';

/** The second argument of every tool handler. */
export type ToolContext = HandlerContext;

/** What a handler without an `output` schema may return. */
export type ToolReturn = string | ContentBlock[] | CallToolResult;

type Handler<I extends AnyObjectSchema, O extends AnyObjectSchema | undefined> = (
  args: Output<I>,
  context: ToolContext,
) => (O extends AnyObjectSchema ? Input<O> : ToolReturn) | Promise<O extends AnyObjectSchema ? Input<O> : ToolReturn>;

export interface ToolDefinition<I extends AnyObjectSchema, O extends AnyObjectSchema | undefined = undefined> {
  name: string;
  title?: string;
  /** Written for the model: what the tool does, when to use it, what it returns. */
  description: string;
  /** A Zod object schema (Zod 4, or Zod 3 from `zod/v3`); the handler's argument type follows from it. */
  input: I;
  /** With it, the handler returns the structured value, sent as `structuredContent` plus its JSON as text. */
  output?: O;
  annotations?: ToolAnnotations;
  /** What a client may show beside the tool: https: URLs or base64 data: URIs of images. */
  icons?: Icon[];
  /** Sent with the tool in tools/list; keys follow MCP's `_meta` rules, and MCP's own prefixes are refused. */
  _meta?: Record<string, unknown>;
  /** Aborts the call after this long with an `isError` result; defaults to the server's `timeoutMs`. */
  timeoutMs?: number;
  /**
   * Top-level arguments a 2026 HTTP client also sends as headers (`x-mcp-header`, SEP-2243), e.g.
   * `{ region: 'Region' }`: the client sends `Mcp-Param-Region`, and the server refuses a request
   * whose header disagrees with the argument. With Zod 4, `.meta({ 'x-mcp-header': 'Region' })` on
   * the field does the same, at any depth reachable through object properties.
   */
  headers?: Record<string, string>;
  /**
   * JSON Schema keywords Zod cannot produce (`allOf`, `if`/`then`/`else`, …), added to the root of
   * the generated schema as they are. Arguments are still checked by `input` alone. With Zod 4,
   * `.meta({...})` on any schema does the same where it stands.
   */
  jsonSchema?: { input?: Record<string, unknown>; output?: Record<string, unknown> };
  /**
   * Whether a 2026 call may become a task (the extension `io.modelcontextprotocol/tasks`, SEP-2663)
   * when the request declares the extension: `never` (the default), `optional` (it becomes one
   * when it runs past the server's `tasks.taskAfterMs`), `required` (always a task; a request that
   * does not declare the extension is refused with -32021). 2025 sessions call every tool directly.
   */
  task?: TaskSupport;
  /**
   * OAuth scopes a caller's access token must carry (over an authorized HTTP endpoint): without
   * them, tools/list leaves the tool out and tools/call is refused with the scope challenge (403).
   * Requests that carry no token (stdio, a server without authorization) are not checked.
   */
  scopes?: readonly string[];
  /** How arguments a model sends are made fit before `input` checks them; overrides the server's `arguments`. */
  arguments?: ArgumentPolicy;
  /**
   * Calls of this tool each caller may make (`{ perMinute: 10, burst: 3 }`), besides the server's
   * `rateLimit`; past it a call answers an `isError` result saying when to try again.
   */
  rateLimit?: RateLimit;
  /**
   * The view a host that renders MCP Apps shows this tool's results in (`defineApp`); the server
   * serves it as a `ui://` resource. The view gets the call's arguments and its result (`output`'s value).
   */
  app?: App;
  /** Who may call the tool: `['model', 'app']` (the default), or `['app']` for a tool only its view calls. */
  visibility?: ToolVisibility;
  /**
   * The toolset (or toolsets) it belongs to, among those the server declares: served only to a client
   * whose selection names one of them. A tool in none is always served.
   */
  toolset?: string | readonly string[];
  /**
   * Listed in search mode beside search_tools and call_tool, and never deferred by a host's own tool
   * search (`_meta["anthropic/alwaysLoad"]`): for the few tools nearly every conversation needs.
   */
  alwaysLoad?: boolean;
  /** Words a search should find the tool by, besides its name and description (`_meta["anthropic/searchHint"]`). */
  searchHint?: string;
  handler: Handler<I, O>;
}

const TOOL_KEYS = optionKeys<ToolDefinition<AnyObjectSchema, AnyObjectSchema>>({
  name: true,
  title: true,
  description: true,
  input: true,
  output: true,
  annotations: true,
  icons: true,
  _meta: true,
  timeoutMs: true,
  headers: true,
  jsonSchema: true,
  task: true,
  scopes: true,
  arguments: true,
  rateLimit: true,
  app: true,
  visibility: true,
  toolset: true,
  alwaysLoad: true,
  searchHint: true,
  handler: true,
});

/** A defined tool: its tools/list entry, computed once, and what tools/call needs to run it. */
export interface Tool {
  readonly name: string;
  readonly descriptor: ToolDescriptor;
  readonly input: AnyObjectSchema;
  readonly output: AnyObjectSchema | undefined;
  /** The schema runs the author's own functions, which may be async: parsed asynchronously (see `parse`). */
  readonly asyncInput: boolean;
  readonly asyncOutput: boolean;
  readonly timeoutMs: number | undefined;
  readonly task: TaskSupport;
  readonly scopes: readonly string[] | undefined;
  readonly arguments: ArgumentPolicy | undefined;
  readonly rateLimit: Bucket | undefined;
  /**
   * What `unknown: 'reject'` can know of the schema: a Zod 3 schema's JSON Schema does not tell a
   * `.passthrough()` object from a stripping one, so for Zod 3 only the top level is checked, and
   * not at all under `.passthrough()`.
   */
  readonly argumentShape: { open: boolean; nested: boolean };
  /** The arguments a 2026 HTTP request must mirror in `Mcp-Param-*` headers. */
  readonly headers: readonly HeaderBinding[];
  /** Its MCP Apps side: a view, who may call it, and its entry for clients that render no apps. */
  readonly ui: ToolUi | undefined;
  /** The toolsets it belongs to; undefined: none (always served). */
  readonly toolsets: readonly string[] | undefined;
  /** Listed in search mode too, and marked for hosts never to defer it. */
  readonly alwaysLoad: boolean;
  /** Words search finds it by, besides its name and description. */
  readonly searchHint: string | undefined;
  readonly handler: (args: unknown, context: ToolContext) => unknown;
}

/**
 * Defines a tool. Checks the name (MCP's `^[A-Za-z0-9_.-]{1,128}$`) and that input and output are
 * Zod object schemas, and generates their JSON Schema now, so that a mistake throws at start-up,
 * naming the tool, and tools/list does no work per call.
 */
export function defineTool<I extends AnyObjectSchema, O extends AnyObjectSchema | undefined = undefined>(
  definition: ToolDefinition<I, O>,
): Tool {
  const { name, title, description, input, output, annotations, timeoutMs, handler } = definition;
  const checkedName = ToolName().safeParse(name, ONCE);
  if (!checkedName.success) {
    throw new TypeError(`tool ${JSON.stringify(name)}: invalid name: ${describeIssues(checkedName.error.issues)}`);
  }
  const owner = `tool "${name}"`;
  refuseUnknownOptions(owner, definition, TOOL_KEYS);
  if (!isObjectSchema(input)) throw new TypeError(`${owner}: input must be a Zod object schema (z.object(...))`);
  if (output !== undefined && !isObjectSchema(output)) {
    throw new TypeError(`${owner}: output must be a Zod object schema (z.object(...))`);
  }
  if (typeof handler !== 'function') throw new TypeError(`${owner}: handler must be a function`);
  checkTimeout(timeoutMs, `${owner}: timeoutMs`);
  const task = definition.task ?? 'never';
  if (task !== 'never' && task !== 'optional' && task !== 'required')
    throw new TypeError(`${owner}: task must be 'never', 'optional' or 'required'`);
  const icons = checkIcons(definition.icons, owner);
  const linked = linkToolUi(name, owner, definition.app, definition.visibility, checkMeta(definition._meta, owner));
  const hints = hostHints(definition.alwaysLoad, definition.searchHint, linked.meta, owner);
  const meta = hints.meta;
  const extras = definition.jsonSchema ?? {};
  const inputSchema = withExtraKeywords(toJsonSchema(input, 'input', `${owner} input`), extras.input, `${owner} input`);
  const headers = bindHeaders(inputSchema, definition.headers ?? {}, owner);
  const descriptor: ToolDescriptor = {
    name,
    ...(title === undefined ? {} : { title }),
    description,
    inputSchema,
    ...(output === undefined
      ? {}
      : {
          outputSchema: withExtraKeywords(
            toJsonSchema(output, 'output', `${owner} output`),
            extras.output,
            `${owner} output`,
          ),
        }),
    ...(icons === undefined ? {} : { icons }),
    ...(annotations === undefined ? {} : { annotations }),
    ...(meta === undefined ? {} : { _meta: meta }),
  };
  return {
    name,
    descriptor,
    input,
    output,
    asyncInput: runsAuthorCode(input),
    asyncOutput: output !== undefined && runsAuthorCode(output),
    timeoutMs,
    task,
    scopes: checkScopes(definition.scopes, owner),
    arguments: checkPolicy(definition.arguments, owner),
    rateLimit: checkRateLimit(definition.rateLimit, owner),
    argumentShape: isZod3(input)
      ? { open: (input as { _def?: { unknownKeys?: string } })._def?.unknownKeys === 'passthrough', nested: false }
      : { open: false, nested: true },
    headers,
    ui:
      linked.visibility === undefined
        ? undefined
        : { visibility: linked.visibility, view: linked.view, plain: plainDescriptor(descriptor) },
    toolsets: checkToolsets(definition.toolset, owner),
    alwaysLoad: hints.alwaysLoad,
    searchHint: hints.searchHint,
    handler: handler as Tool['handler'],
  };
}
