// The completion feature: completion/complete for a prompt's argument or a resource template's
// variable (MCP "Completion"), declared as the `completions` capability.
import { requireScopes } from '../../core/auth.js';
import { CompleteParams, type CompleteResult } from '../../../schemas/completion.js';
import { isThenable } from '../../core/maybe-async.js';
import { defineMethod } from '../../core/method.js';
import { within } from '../../core/within.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import type { Feature } from '../feature.js';
import { completeFrom, toCompletion, type Completer } from './complete.js';

/** What can be completed for one argument: a completer of the author's, or the values a field takes. */
export interface Completable {
  readonly owner: string;
  /** Every argument or variable it has; another name is -32602. */
  readonly names: readonly string[];
  readonly completers: ReadonlyMap<string, Completer>;
  readonly choices: ReadonlyMap<string, readonly string[]>;
  readonly timeoutMs: number | undefined;
  /** Who may complete it: whoever may use it. */
  readonly scopes: readonly string[] | undefined;
}

export interface CompletionSources {
  prompt(name: string): Completable | undefined;
  template(uriTemplate: string): Completable | undefined;
  readonly timeoutMs: number | undefined;
}

const NOTHING: CompleteResult = { completion: { values: [], total: 0, hasMore: false } };

export function completionFeature(sources: CompletionSources): Feature {
  const complete = defineMethod(CompleteParams, (params, ctx) => {
    const { ref, argument } = params;
    const target = ref.type === 'ref/prompt' ? sources.prompt(ref.name) : sources.template(ref.uri);
    if (target === undefined) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        ref.type === 'ref/prompt'
          ? `params.ref.name: unknown prompt: ${ref.name}`
          : `params.ref.uri: unknown resource template: ${ref.uri}`,
      );
    }
    requireScopes(ctx.auth, target.scopes, target.owner);
    if (!target.names.includes(argument.name)) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `params.argument.name: ${target.owner} has no argument "${argument.name}"`,
      );
    }
    const completer = target.completers.get(argument.name);
    if (completer === undefined) {
      const choices = target.choices.get(argument.name);
      return choices === undefined ? NOTHING : toCompletion(completeFrom(choices, argument.value));
    }
    const context = { arguments: params.context?.arguments ?? {} };
    const what = `${target.owner}: complete.${argument.name}`;
    const found = within(ctx, target.timeoutMs ?? sources.timeoutMs, what, () => completer(argument.value, context));
    const shape = (late: Awaited<typeof found>) => (late === null ? null : toCompletion(late));
    return isThenable(found) ? Promise.resolve(found).then(shape) : shape(found);
  });
  return { capabilities: { completions: {} }, methods: { 'completion/complete': complete } };
}
