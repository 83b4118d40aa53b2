// Runs one tool call: validation, timeout, cancellation, progress and logging, and every way it can end.
import type { CallToolResult } from '../../../schemas/tools.js';
import type { RequestContext } from '../../core/context.js';
import { AbortReason } from '../../core/lifetime.js';
import { isThenable } from '../../core/maybe-async.js';
import { ProtocolError } from '../../jsonrpc/errors.js';
import { describeIssues } from '../../schema/issues.js';
import { parse } from '../../schema/parse.js';
import type { ParseResult } from '../../schema/zod.js';
import { prepareRounds, settle } from '../../core/input/round.js';
import { InputRequired } from '../../core/input/round-state.js';
import { applyPolicy } from './arguments.js';
import { dropAddedNulls } from '../../schema/json-schema/profiles.js';
import type { Tool } from './define.js';
import { toCallToolResult, toolError } from './result.js';

type Outcome = CallToolResult | InputRequired | null;

/**
 * Bad arguments, a throw, a bad return value and a timeout all end as `isError` results; a call
 * cancelled by the client ends with `null`, which means no response at all; a `ProtocolError` the
 * handler throws is the wire error it names. A call that is over synchronously (the usual small
 * tool) is answered synchronously: no timer, no race, and no AbortSignal unless the handler reads
 * one. Once any stage is asynchronous — an async refinement in the input schema, an async handler,
 * an async output check — the call is registered in flight and every remaining stage races its
 * abort, so a cancel, the timeout or shutdown always ends it.
 */
export function runTool(tool: Tool, args: Record<string, unknown>, ctx: RequestContext): Outcome | Promise<Outcome> {
  ctx.begin(tool.timeoutMs ?? ctx.server.timeoutMs);
  if (ctx.abort.aborted) return end(ctx, abortedResult(tool, ctx));
  // The openai-strict profile listed optional properties as required and nullable: a null there is "left out".
  if (ctx.server.schemaProfile === 'openai-strict')
    args = dropAddedNulls(tool.descriptor.inputSchema as Record<string, unknown>, args) as Record<string, unknown>;
  const policy =
    tool.arguments === undefined ? ctx.server.arguments : { ...ctx.server.arguments, ...definedOnly(tool.arguments) };
  if (policy !== undefined) {
    const applied = applyPolicy(
      tool.descriptor.inputSchema as Record<string, unknown>,
      args,
      policy,
      tool.argumentShape,
    );
    if ('error' in applied) return end(ctx, toolError(`Invalid arguments for tool ${tool.name}: ${applied.error}`));
    args = applied.args;
  }
  let parsed: ParseResult | Promise<ParseResult>;
  try {
    parsed = parse(tool.input, args, tool.asyncInput);
  } catch (error) {
    return end(ctx, schemaFailure(tool, error));
  }
  if (isThenable(parsed)) {
    const late = parsed.then(
      (result) => runHandler(tool, ctx, result),
      (error: unknown) => schemaFailure(tool, error),
    );
    return goAsync(tool, ctx, late);
  }
  let outcome: Outcome | Promise<Outcome>;
  try {
    outcome = runHandler(tool, ctx, parsed);
  } catch (error) {
    ctx.finish();
    return failed(tool, ctx, error);
  }
  return isThenable(outcome) ? goAsync(tool, ctx, outcome) : end(ctx, outcome);
}

/**
 * Validated arguments -> the handler -> a checked result; may be synchronous all the way. A handler
 * that asks the client continues in rounds (`settle`); one that never asks pays for nothing more.
 */
function runHandler(tool: Tool, ctx: RequestContext, parsed: ParseResult): Outcome | Promise<Outcome> {
  if (!parsed.ok) return toolError(`Invalid arguments for tool ${tool.name}: ${describeIssues(parsed.issues)}`);
  if (ctx.abort.aborted) return abortedResult(tool, ctx); // cancelled while an async input check ran
  const prepared = prepareRounds(ctx);
  return prepared === undefined ? runPrepared(tool, ctx, parsed) : prepared.then(() => runPrepared(tool, ctx, parsed));
}

function runPrepared(tool: Tool, ctx: RequestContext, parsed: ParseResult & { ok: true }): Outcome | Promise<Outcome> {
  let value: unknown;
  try {
    value = tool.handler(parsed.value, ctx);
  } catch (error) {
    if (ctx.round === undefined) throw error;
    return inRound(tool, ctx, parsed, undefined, error, true);
  }
  if (!isThenable(value))
    return ctx.round === undefined ? toCallToolResult(tool, value) : inRound(tool, ctx, parsed, value);
  return Promise.resolve(value).then(
    (resolved) => (ctx.round === undefined ? toCallToolResult(tool, resolved) : inRound(tool, ctx, parsed, resolved)),
    (error: unknown) => {
      if (ctx.round === undefined) throw error;
      return inRound(tool, ctx, parsed, undefined, error, true);
    },
  );
}

/** A run of a handler that asked: it ends the round, or its value is the result. */
function inRound(
  tool: Tool,
  ctx: RequestContext,
  parsed: ParseResult & { ok: true },
  value: unknown,
  error?: unknown,
  threw = false,
): Outcome | Promise<Outcome> {
  const outcome = settle(ctx, () => tool.handler(parsed.value, ctx), value, error, threw);
  const shape = (resolved: unknown) =>
    resolved instanceof InputRequired ? resolved : toCallToolResult(tool, resolved);
  return isThenable(outcome) ? Promise.resolve(outcome).then(shape) : shape(outcome);
}

async function goAsync(tool: Tool, ctx: RequestContext, pending: Promise<Outcome>): Promise<Outcome> {
  try {
    return await ctx.goAsync(pending);
  } catch (error) {
    return failed(tool, ctx, error);
  } finally {
    ctx.finish();
  }
}

function end(ctx: RequestContext, outcome: Outcome): Outcome {
  ctx.finish();
  return outcome;
}

function failed(tool: Tool, ctx: RequestContext, error: unknown): Outcome {
  if (ctx.abort.aborted) return abortedResult(tool, ctx);
  if (error instanceof ProtocolError) throw error;
  return toolError(errorText(tool, error));
}

function abortedResult(tool: Tool, ctx: RequestContext): Outcome {
  const { reason } = ctx.abort;
  if (reason === AbortReason.Timeout) return toolError(`tool ${tool.name} timed out after ${ctx.timeoutMs} ms`);
  if (reason === AbortReason.Shutdown) return toolError(`tool ${tool.name} was stopped: the server is shutting down`);
  if (reason === AbortReason.Expired) return toolError(`tool ${tool.name} was stopped: its task outlived its ttlMs`);
  return null;
}

/** A refinement or transform in the tool's own input schema threw: the tool's failure, not the server's. */
function schemaFailure(tool: Tool, error: unknown): Outcome {
  return toolError(`tool ${tool.name} could not check its arguments: ${errorText(tool, error)}`);
}

/** The text the model reads when a handler throws: the error's own message. */
function errorText(tool: Tool, error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return `tool ${tool.name} failed`;
}

/** A tool's policy over the server's, key by key: a key the tool leaves undefined keeps the server's. */
function definedOnly(policy: object): object {
  return Object.fromEntries(Object.entries(policy).filter(([, value]) => value !== undefined));
}
