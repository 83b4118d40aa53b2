import type { RequestId } from '../../../schemas/jsonrpc.js';
import { ToolName, type CallToolResult, type ContentBlock, type LogLevel, type Tool as ToolDescriptor, type ToolAnnotations } from '../../../schemas/mcp.js';
import { describeIssues } from '../../schema/issues.js';
import { toJsonSchema } from '../../schema/json-schema/index.js';
import { runsAuthorCode } from '../../schema/parse.js';
import { checkTimeout } from '../../core/limits.js';
import { isObjectSchema, type AnyObjectSchema, type Input, type Output } from '../../schema/zod.js';

/** The second argument of every tool handler. */
export interface ToolContext {
  /** Fires on notifications/cancelled for this call, on the tool's timeout and on shutdown. */
  readonly signal: AbortSignal;
  readonly requestId: RequestId;
  /**
   * Sends notifications/progress when the client asked for it (`_meta.progressToken`); otherwise
   * does nothing. Each value must exceed the last; after the call has answered, it is a no-op.
   */
  progress(progress: number, total?: number, message?: string): void;
  /** Sends notifications/message when `level` passes the client's logging/setLevel (default `info`). */
  log(level: LogLevel, data: unknown, logger?: string): void;
}

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
  /** Aborts the call after this long with an `isError` result; defaults to the server's `timeoutMs`. */
  timeoutMs?: number;
  handler: Handler<I, O>;
}

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
  const checkedName = ToolName.safeParse(name);
  if (!checkedName.success) {
    throw new TypeError(`tool ${JSON.stringify(name)}: invalid name: ${describeIssues(checkedName.error.issues)}`);
  }
  const owner = `tool "${name}"`;
  if (!isObjectSchema(input)) throw new TypeError(`${owner}: input must be a Zod object schema (z.object(...))`);
  if (output !== undefined && !isObjectSchema(output)) {
    throw new TypeError(`${owner}: output must be a Zod object schema (z.object(...))`);
  }
  checkTimeout(timeoutMs, `${owner}: timeoutMs`);
  const descriptor: ToolDescriptor = {
    name,
    ...(title === undefined ? {} : { title }),
    description,
    inputSchema: toJsonSchema(input, 'input', `${owner} input`),
    ...(output === undefined ? {} : { outputSchema: toJsonSchema(output, 'output', `${owner} output`) }),
    ...(annotations === undefined ? {} : { annotations }),
  };
  return {
    name,
    descriptor,
    input,
    output,
    asyncInput: runsAuthorCode(input),
    asyncOutput: output !== undefined && runsAuthorCode(output),
    timeoutMs,
    handler: handler as Tool['handler'],
  };
}
