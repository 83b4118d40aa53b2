// A handler that asks the client runs in rounds. Each round runs the handler from the start with the
// answers gathered so far; a question not answered yet ends the round. On 2026 the round ends with
// an input_required result whose sealed requestState carries what was gathered (MCP 2026-07-28
// "Multi Round-Trip Requests"); on 2025 the server sends the questions to the client as requests of
// its own, waits, and runs the next round at once. The handler cannot tell which era answered.
import type { InputRequest } from '../../../schemas/client-input.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import type { ClientView } from '../era.js';
import { isThenable, type MaybePromise } from '../maybe-async.js';
import { lacking, type Ask } from './requests.js';
import { open, seal, type Gathered, type InputSettings, type Subject } from './state.js';
import { requestSpans } from '../telemetry/spans.js';
import { InputError, InputPending, InputRequired, Round } from './round-state.js';

/** The methods that may ask the client (MCP 2026-07-28 allows input_required on these alone). */
const ASKING = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** What the rounds read of a request: RequestContext has it all. */
export interface AskingContext {
  readonly method: string;
  /** The method's parsed params: the tool or prompt and its arguments, or the resource URI. */
  readonly params: unknown;
  readonly client: ClientView;
  readonly principal: string | undefined;
  readonly server: { readonly input: InputSettings };
  readonly requestState: string | undefined;
  readonly inputResponses: Record<string, unknown> | undefined;
  round: Round | undefined;
  /** A call that became a task: its questions park the task (tasks/update answers them). */
  readonly taskFulfil?: ((asks: ReadonlyMap<string, Ask>) => Promise<Record<string, unknown>>) | undefined;
  /** Set while the call is becoming a task: whose questions these are is known once it settles. */
  readonly taskBecoming?: Promise<void> | undefined;
  /**
   * Set while a retry's requestState is being opened (asynchronous): a call that may become a task waits for it before
   * it does.
   */
  preparing?: Promise<void> | undefined;
  /**
   * Set while the call may still become a task: a round that ends in input_required says so at once (its state is
   * sealed after).
   */
  readonly roundEnding?: (() => void) | undefined;
}

/** Whether this call's questions are answered while it waits (2025, a task) rather than by a retry (2026). */
const waitsForAnswers = (ctx: AskingContext) => ctx.taskFulfil !== undefined || ctx.client.era === 'rev2025';

/** What a requestState is bound to, read off the request when a state is sealed or opened. */
function subjectOf(ctx: AskingContext): Subject {
  const params = (ctx.params ?? {}) as { name?: string; uri?: string; arguments?: unknown };
  const name = ctx.method === 'resources/read' ? String(params.uri) : String(params.name);
  const args = ctx.method === 'resources/read' ? params.uri : (params.arguments ?? {});
  return { method: ctx.method, name, args, principal: ctx.principal };
}

/**
 * Before the handler of a method that may ask runs: a retry's requestState is opened (one that does
 * not verify is -32602 with `data.reason: "invalid_request_state"`, whatever the handler would do),
 * and its answers are made ready (a promise: Web Crypto is asynchronous). A first call sets up
 * nothing, at once: the round is made on the first ask.
 */
export function prepareRounds(ctx: AskingContext): Promise<void> | undefined {
  const { requestState } = ctx;
  if (requestState !== undefined) {
    return (ctx.preparing = (async () => {
      const gathered = await open(await ctx.server.input.key(), subjectOf(ctx), requestState);
      if (gathered.link !== undefined) requestSpans.get(ctx)?.link(gathered.link);
      ctx.round = new Round(gathered, ctx.inputResponses);
    })());
  }
  if (ctx.inputResponses !== undefined) ctx.round = new Round(undefined, ctx.inputResponses);
  return undefined;
}

/** Runs `run` (the handler) in rounds; a handler that never asks costs a check or two. */
export function inRounds<T>(ctx: AskingContext, run: () => MaybePromise<T>): MaybePromise<T | InputRequired> {
  const prepared = prepareRounds(ctx);
  return prepared === undefined ? runRound(ctx, run) : prepared.then(() => runRound(ctx, run));
}

function runRound<T>(ctx: AskingContext, run: () => MaybePromise<T>): MaybePromise<T | InputRequired> {
  let value: MaybePromise<T>;
  try {
    value = run();
  } catch (error) {
    return settle(ctx, run, undefined, error, true);
  }
  if (!isThenable(value)) return settle(ctx, run, value);
  return Promise.resolve(value).then(
    (late) => settle(ctx, run, late),
    (error: unknown) => settle(ctx, run, undefined, error, true),
  );
}

/**
 * After a run of the handler: its value (or what it threw) when it asked nothing more; otherwise
 * the round's end, on 2026 input_required, on 2025 the questions sent and `run` run again.
 */
export function settle<T>(
  ctx: AskingContext,
  run: () => MaybePromise<T>,
  value: T | undefined,
  error?: unknown,
  threw = false,
): MaybePromise<T | InputRequired> {
  const round = ctx.round;
  if (round !== undefined && round.asking.size > 0) {
    // e.g. Promise.all of two asks, one still reading an answer when the other ended the run.
    return Promise.allSettled([...round.asking]).then(() => settle(ctx, run, value, error, threw));
  }
  if (round === undefined || round.pending.size === 0) {
    if (threw) throw error;
    return value as T;
  }
  const { maxRounds } = ctx.server.input;
  if (round.number >= maxRounds)
    throw new InputError(`asked the client for input in more than ${maxRounds} rounds; stopped`);
  if (ctx.taskBecoming !== undefined) return ctx.taskBecoming.then(() => settle(ctx, run, value, error, threw));
  if (!waitsForAnswers(ctx)) {
    ctx.roundEnding?.();
    return inputRequired(ctx, round);
  }
  return fulfilled(ctx, run, round);
}

async function inputRequired(ctx: AskingContext, round: Round): Promise<InputRequired> {
  const inputRequests: Record<string, InputRequest> = {};
  for (const [key, ask] of round.pending) inputRequests[key] = ask.wire(ctx.client);
  const { key, ttlMs } = ctx.server.input;
  // Only answers the handler accepted travel on: what it did not ask for stays behind.
  const link = requestSpans.get(ctx)?.traceparent;
  const gathered: Gathered = {
    round: round.number + 1,
    answers: round.accepted,
    memo: round.memo,
    ...(link === undefined ? {} : { link }),
  };
  return new InputRequired(inputRequests, await seal(await key(), subjectOf(ctx), gathered, ttlMs));
}

/** 2025: the questions go to the client as requests; their answers start the next round. */
async function fulfilled<T>(ctx: AskingContext, run: () => MaybePromise<T>, round: Round): Promise<T | InputRequired> {
  const answers =
    ctx.taskFulfil !== undefined
      ? await ctx.taskFulfil(round.pending)
      : await ctx.server.input.fulfil(ctx as never, round.pending);
  Object.assign(round.answers, answers);
  round.pending.clear();
  round.number++;
  return runRound(ctx, run);
}

/**
 * `ctx.ask`: the answers, once every question has one that fits; until then the round ends here.
 * The promise is marked handled, so that an ask the handler does not await (or one in a handler
 * that is not async) ends the round without an unhandled rejection.
 */
export function ask(ctx: AskingContext, requests: Record<string, Ask>): Promise<Record<string, unknown>> {
  const round = roundOf(ctx, 'ask');
  const asked = answersTo(ctx, round, requests);
  round.asking.add(asked);
  asked.then(
    () => round.asking.delete(asked),
    () => round.asking.delete(asked),
  );
  return asked;
}

async function answersTo(
  ctx: AskingContext,
  round: Round,
  requests: Record<string, Ask>,
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const missing = new Map<string, Ask>();
  for (const [key, request] of Object.entries(requests)) {
    if (typeof request?.read !== 'function')
      throw new TypeError(`ctx.ask: "${key}" is not a request made by elicit, elicitUrl, sample or listRoots`);
    if (Object.hasOwn(round.answers, key)) {
      const read = await request.read(round.answers[key]);
      if (read.ok) {
        answers[key] = read.value;
        round.accepted[key] = round.answers[key];
        continue;
      }
      delete round.answers[key];
      // 2025 and a task asked once and got this; a 2026 request asks again.
      if (waitsForAnswers(ctx)) throw new InputError(`the client's answer to "${key}" (${request.method}) ${read.why}`);
    }
    missing.set(key, request);
  }
  if (missing.size === 0) return answers;
  const lacks = lacking(ctx.client, missing.values());
  if (lacks !== undefined) {
    if (ctx.client.era === 'rev2026')
      throw new ProtocolError(ErrorCode.MissingRequiredClientCapability, { requiredCapabilities: lacks });
    throw new InputError(`cannot ask the client: it did not declare ${describe(lacks)}`);
  }
  for (const [key, request] of missing) round.pending.set(key, request);
  throw new InputPending();
}

/** `ctx.memo`: computed once per call, then carried to later rounds (sealed in requestState on 2026). */
export async function memo<T>(ctx: AskingContext, key: string, compute: () => T | PromiseLike<T>): Promise<T> {
  const round = roundOf(ctx, 'memo');
  if (Object.hasOwn(round.memo, key)) return round.memo[key] as T;
  const value = await compute();
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`ctx.memo("${key}"): the value must be JSON`);
  round.memo[key] = JSON.parse(json) as unknown;
  return round.memo[key] as T;
}

function roundOf(ctx: AskingContext, what: string): Round {
  if (!ASKING.has(ctx.method)) throw new Error(`ctx.${what} is for tools/call, prompts/get and resources/read only`);
  return (ctx.round ??= new Round(undefined, undefined));
}

/** `{ elicitation: { form: {} }, roots: {} }` -> `the elicitation capability (form) and the roots capability`. */
function describe(capabilities: object): string {
  return Object.entries(capabilities)
    .map(([name, settings]) => {
      const parts = Object.keys(settings as object);
      return `the ${name} capability${parts.length === 0 ? '' : ` (${parts.join(', ')})`}`;
    })
    .join(' and ');
}

/**
 * `inRounds` for a prompt or a resource read, whose failures are error frames: a failure to ask is
 * -32603 with its text as `data`, so the client learns why (a tool says it in an isError result).
 */
export function inRoundsVisibly<T>(ctx: AskingContext, run: () => MaybePromise<T>): MaybePromise<T | InputRequired> {
  const visible = (error: unknown): never => {
    throw error instanceof InputError ? new ProtocolError(ErrorCode.InternalError, error.message) : error;
  };
  let value: MaybePromise<T | InputRequired>;
  try {
    value = inRounds(ctx, run);
  } catch (error) {
    return visible(error);
  }
  return isThenable(value) ? Promise.resolve(value).catch(visible) : value;
}
