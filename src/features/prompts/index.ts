// The prompts feature: prompts/list (paginated, cacheable) and prompts/get, over a registry that may
// change while the server runs (each change is published as `prompts/list_changed`).
import { permits, requireScopes } from '../../core/auth.js';
import { PaginatedParams } from '../../../schemas/common.js';
import { GetPromptParams, type ListPromptsResult, type Prompt as PromptDescriptor } from '../../../schemas/prompts.js';
import { extendContext } from '../../core/handler-context.js';
import type { EventBus } from '../../core/events.js';
import { isThenable } from '../../core/maybe-async.js';
import { inRoundsVisibly } from '../../core/input/round.js';
import { InputRequired } from '../../core/input/round-state.js';
import { defineMethod } from '../../core/method.js';
import { page } from '../../core/paginate.js';
import { within } from '../../core/within.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { describeIssues } from '../../schema/issues.js';
import { parse } from '../../schema/parse.js';
import type { ParseResult } from '../../schema/zod.js';
import type { Feature } from '../feature.js';
import type { Prompt } from './define.js';
import { toPromptResult } from './messages.js';

export interface PromptsOptions {
  readonly pageSize: number;
  readonly listChanged: boolean;
  readonly events: EventBus;
  readonly timeoutMs: number | undefined;
}

export interface PromptsFeature extends Feature {
  add(prompt: Prompt): void;
  remove(name: string): boolean;
  get(name: string): Prompt | undefined;
  list(): readonly Prompt[];
}

export function promptsFeature(initial: readonly Prompt[], options: PromptsOptions): PromptsFeature {
  const prompts = new Map<string, Prompt>();
  const put = (prompt: Prompt) => {
    if (prompts.has(prompt.name)) throw new TypeError(`prompt "${prompt.name}" is defined twice`);
    prompts.set(prompt.name, prompt);
  };
  for (const prompt of initial) put(prompt);
  let descriptors: readonly PromptDescriptor[] = [...prompts.values()].map((prompt) => prompt.descriptor);
  const changed = () => {
    descriptors = [...prompts.values()].map((prompt) => prompt.descriptor);
    options.events.publish({ type: 'prompts/list_changed' });
  };
  const fixed = (what: string) => {
    if (!options.listChanged)
      throw new TypeError(`${what}: this server was built with listChanged: false, so its prompts cannot change`);
  };

  const listPrompts = defineMethod(
    PaginatedParams,
    (params, ctx): ListPromptsResult => {
      const visible =
        ctx.auth === undefined
          ? descriptors
          : [...prompts.values()]
              .filter((prompt) => permits(ctx.auth, prompt.scopes))
              .map((prompt) => prompt.descriptor);
      const { items, nextCursor } = page(visible, params?.cursor, options.pageSize, 'prompts');
      return nextCursor === undefined ? { prompts: [...items] } : { prompts: [...items], nextCursor };
    },
    { cacheable: true },
  );

  const getPrompt = defineMethod(
    GetPromptParams,
    (params, ctx) => {
      const prompt = prompts.get(params.name);
      if (prompt === undefined)
        throw new ProtocolError(ErrorCode.InvalidParams, `params.name: unknown prompt: ${params.name}`);
      requireScopes(ctx.auth, prompt.scopes, `prompt ${prompt.name}`);
      const owner = `prompt "${prompt.name}"`;
      const run = (parsed: ParseResult) => {
        if (!parsed.ok)
          throw new ProtocolError(ErrorCode.InvalidParams, describeIssues(parsed.issues, ['params', 'arguments']));
        const asked = () => inRoundsVisibly(ctx, () => prompt.get(parsed.value, extendContext(ctx, {})));
        const value = within(ctx, prompt.timeoutMs ?? options.timeoutMs, owner, asked);
        const shape = (late: unknown) =>
          late === null ? null : late instanceof InputRequired ? late : toPromptResult(late, owner);
        return isThenable(value) ? Promise.resolve(value).then(shape) : shape(value);
      };
      if (prompt.arguments === undefined) return run({ ok: true, value: {} });
      const parsed = parse(prompt.arguments, params.arguments ?? {}, prompt.asyncArguments);
      return isThenable(parsed) ? Promise.resolve(parsed).then(run) : run(parsed);
    },
    { asksClient: true },
  );

  return {
    capabilities: { prompts: { listChanged: options.listChanged } },
    methods: { 'prompts/list': listPrompts, 'prompts/get': getPrompt },
    add(prompt) {
      fixed(`addPrompt("${prompt.name}")`);
      put(prompt);
      changed();
    },
    remove(name) {
      fixed(`removePrompt("${name}")`);
      const had = prompts.delete(name);
      if (had) changed();
      return had;
    },
    get: (name) => prompts.get(name),
    list: () => [...prompts.values()],
  };
}
