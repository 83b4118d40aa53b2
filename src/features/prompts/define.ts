// definePrompt: a prompt checked, and its prompts/list entry built, when it is defined.
import type { PromptArgument, Prompt as PromptDescriptor } from '../../../schemas/prompts.js';
import type { Icon } from '../../../schemas/common.js';
import type { HandlerContext } from '../../core/handler-context.js';
import { checkScopes } from '../../core/auth.js';
import { checkTimeout } from '../../core/limits.js';
import type { MaybePromise } from '../../core/maybe-async.js';
import { fieldsOf } from '../../schema/fields.js';
import { runsAuthorCode } from '../../schema/parse.js';
import { isObjectSchema, type AnyObjectSchema, type Output } from '../../schema/zod.js';
import type { Completer } from '../completion/complete.js';
import type { GetReturn } from './messages.js';
import { optionKeys, refuseUnknownOptions } from '../../core/options.js';
import { checkIcons, checkMeta } from '../../core/metadata.js';

/** 1 to 128 characters, none of them white space or a control character. */
const PROMPT_NAME = /^[^\s\p{Cc}]{1,128}$/u;

export interface PromptDefinition<A extends AnyObjectSchema | undefined = undefined> {
  name: string;
  title?: string;
  /** Written for the user choosing it and for the model: what the prompt is for. */
  description: string;
  /**
   * The arguments as a Zod object. Each field is an argument (its `.describe()` text, required unless
   * optional or defaulted); values arrive as strings and are parsed with it before `get` runs.
   */
  arguments?: A;
  /** Values for completion/complete, per argument; `z.enum` and literal fields complete by themselves. */
  complete?: A extends AnyObjectSchema ? { [K in keyof Output<A> & string]?: Completer } : never;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /** Ends a `get` that runs longer with -32603; defaults to the server's `timeoutMs`. */
  timeoutMs?: number;
  /** OAuth scopes a caller's token must carry (see defineTool's `scopes`). */
  scopes?: readonly string[];
  get: (
    args: A extends AnyObjectSchema ? Output<A> : Record<string, never>,
    ctx: HandlerContext,
  ) => MaybePromise<GetReturn>;
}

const PROMPT_KEYS = optionKeys<PromptDefinition<AnyObjectSchema>>({
  name: true,
  title: true,
  description: true,
  arguments: true,
  complete: true,
  icons: true,
  _meta: true,
  timeoutMs: true,
  scopes: true,
  get: true,
});

export interface Prompt {
  readonly name: string;
  readonly descriptor: PromptDescriptor;
  readonly arguments: AnyObjectSchema | undefined;
  readonly asyncArguments: boolean;
  readonly completers: ReadonlyMap<string, Completer>;
  /** The fixed values of each argument that takes only a few (z.enum, literals). */
  readonly choices: ReadonlyMap<string, readonly string[]>;
  readonly timeoutMs: number | undefined;
  readonly scopes: readonly string[] | undefined;
  readonly get: (args: unknown, ctx: HandlerContext) => MaybePromise<GetReturn>;
}

export function definePrompt<A extends AnyObjectSchema | undefined = undefined>(
  definition: PromptDefinition<A>,
): Prompt {
  const { name, title, description, timeoutMs, get } = definition;
  if (typeof name !== 'string' || !PROMPT_NAME.test(name)) {
    throw new TypeError(`prompt ${JSON.stringify(name)}: the name must be 1 to 128 characters without white space`);
  }
  const owner = `prompt "${name}"`;
  refuseUnknownOptions(owner, definition, PROMPT_KEYS);
  const args = definition.arguments;
  if (args !== undefined && !isObjectSchema(args))
    throw new TypeError(`${owner}: arguments must be a Zod object schema (z.object(...))`);
  checkTimeout(timeoutMs, `${owner}: timeoutMs`);
  if (typeof get !== 'function') throw new TypeError(`${owner}: get must be a function`);
  const icons = checkIcons(definition.icons, owner);
  const _meta = checkMeta(definition._meta, owner);
  const fields = args === undefined ? new Map() : fieldsOf(args);
  const argumentList: PromptArgument[] = [...fields].map(([field, { required, description: text }]) => ({
    name: field,
    ...(text === undefined ? {} : { description: text }),
    required,
  }));
  const completers = new Map<string, Completer>();
  for (const [field, completer] of Object.entries((definition.complete ?? {}) as Record<string, unknown>)) {
    if (!fields.has(field)) throw new TypeError(`${owner}: complete.${field}: there is no argument "${field}"`);
    if (typeof completer !== 'function') throw new TypeError(`${owner}: complete.${field} must be a function`);
    completers.set(field, completer as Completer);
  }
  const choices = new Map<string, readonly string[]>();
  for (const [field, { values }] of fields) if (values !== undefined) choices.set(field, values);
  const descriptor: PromptDescriptor = {
    name,
    ...(title === undefined ? {} : { title }),
    description,
    ...(argumentList.length === 0 ? {} : { arguments: argumentList }),
    ...(icons === undefined ? {} : { icons }),
    ...(_meta === undefined ? {} : { _meta }),
  };
  return {
    name,
    descriptor,
    arguments: args,
    asyncArguments: args !== undefined && runsAuthorCode(args),
    completers,
    choices,
    timeoutMs,
    scopes: checkScopes(definition.scopes, owner),
    get: get as Prompt['get'],
  };
}
