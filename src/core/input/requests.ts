// What a handler can ask the client: elicitation (a form or a URL), sampling, roots. Each request
// knows the capability it needs, how each era spells it, and how to read the client's answer.
import type { ClientCapabilities } from '../../../schemas/common.js';
import {
  CreateMessageParams,
  CreateMessageResult,
  ElicitResult,
  ListRootsResult,
  type CreateMessageResult as SampledMessage,
  type InputRequest,
  type Root,
} from '../../../schemas/client-input.js';
import { describeIssues } from '../../schema/issues.js';
import { parse } from '../../schema/parse.js';
import type { AnyObjectSchema, Output } from '../../schema/zod.js';
import type { ClientView } from '../era.js';
import { isThenable, type MaybePromise } from '../maybe-async.js';
import { elicitationForm, type ElicitationForm } from './form.js';

export type InputMethod = InputRequest['method'];

/** What the client answered, as the handler reads it; or why the answer does not fit the request. */
export type Read<T> = { ok: true; value: T } | { ok: false; why: string };

/** One question for the client. Make it with `elicit`, `elicitUrl`, `sample` or `listRoots`. */
export interface Ask<T = unknown> {
  readonly method: InputMethod;
  /** The capability the client must have declared, as -32021's `requiredCapabilities` spells it. */
  readonly needs: ClientCapabilities;
  /** The request as sent to this client (`mode` and `elicitationId` depend on its revision). */
  wire(client: ClientView): InputRequest;
  /** Reads the client's answer. */
  read(answer: unknown): MaybePromise<Read<T>>;
  /** Only for typing: the value a handler gets. */
  readonly __answer?: T;
}

export type AnswerOf<A> = A extends Ask<infer T> ? T : never;

/** The user's answer to a form: what they entered, checked by the form's schema, or that they said no. */
export type Elicited<T> = { action: 'accept'; content: T } | { action: 'decline' } | { action: 'cancel' };

/** Whether the client declared what `ask` needs, on this request (2026) or at initialize (2025). */
export function declares(capabilities: ClientCapabilities, needs: ClientCapabilities): boolean {
  if (needs.roots !== undefined && capabilities.roots === undefined) return false;
  if (needs.sampling !== undefined) {
    if (capabilities.sampling === undefined) return false;
    if (needs.sampling.tools !== undefined && capabilities.sampling.tools === undefined) return false;
  }
  if (needs.elicitation !== undefined) {
    const declared = capabilities.elicitation;
    if (declared === undefined) return false;
    // `elicitation: {}` is form mode, as clients before 2025-11-25 declare it.
    if (needs.elicitation.form !== undefined && declared.form === undefined && declared.url !== undefined) return false;
    if (needs.elicitation.url !== undefined && declared.url === undefined) return false;
  }
  return true;
}

const hasMode = (client: ClientView) => client.era === 'rev2026' || client.protocolVersion >= '2025-11-25';

/**
 * Asks the user to fill in a form made from a Zod object (`z.object({ ok: z.boolean() })`) or from
 * `elicitationForm(schema)`. An accepted answer is parsed with the schema: the handler gets typed
 * `content`, or `decline` / `cancel`.
 */
export function elicit<S extends AnyObjectSchema>(
  message: string,
  schema: S | ElicitationForm<S>,
): Ask<Elicited<Output<S>>> {
  const form =
    'kind' in schema && schema.kind === 'elicitation-form'
      ? (schema as ElicitationForm<S>)
      : elicitationForm(schema as S);
  return {
    method: 'elicitation/create',
    needs: { elicitation: { form: {} } },
    wire: (client) => ({
      method: 'elicitation/create',
      params: hasMode(client)
        ? { mode: 'form', message, requestedSchema: form.requestedSchema }
        : { message, requestedSchema: form.requestedSchema },
    }),
    read(answer) {
      const result = ElicitResult().safeParse(answer);
      if (!result.success)
        return { ok: false, why: `is not an elicitation result (${describeIssues(result.error.issues)})` };
      const { action, content } = result.data;
      if (action !== 'accept') return { ok: true, value: { action } };
      const checked = parse(form.schema, content ?? {}, form.async);
      const shape = (late: Awaited<typeof checked>): Read<Elicited<Output<S>>> =>
        late.ok
          ? { ok: true, value: { action, content: late.value as Output<S> } }
          : { ok: false, why: `does not fit the form (${describeIssues(late.issues)})` };
      return isThenable(checked) ? checked.then(shape) : shape(checked);
    },
  };
}

/** Asks the user to visit a URL (sign in, pay, ...) out of band; the answer says whether they agreed. */
export function elicitUrl(message: string, url: string): Ask<{ action: 'accept' | 'decline' | 'cancel' }> {
  if (!URL.canParse(url)) throw new TypeError(`elicitUrl: not a URL: ${url}`);
  return {
    method: 'elicitation/create',
    needs: { elicitation: { url: {} } },
    wire: (client) => ({
      method: 'elicitation/create',
      // 2025-11-25 correlates URL elicitations by id; 2026 has none (the server keeps its own in requestState).
      params:
        client.era === 'rev2026'
          ? { mode: 'url', message, url }
          : { mode: 'url', message, url, elicitationId: crypto.randomUUID() },
    }),
    read(answer) {
      const result = ElicitResult().safeParse(answer);
      return result.success
        ? { ok: true, value: { action: result.data.action } }
        : { ok: false, why: `is not an elicitation result (${describeIssues(result.error.issues)})` };
    },
  };
}

/** Borrows the client's model: `messages` (a string is one user message) and `maxTokens` are required. */
export function sample(
  request: Omit<CreateMessageParams, 'messages'> & { messages: CreateMessageParams['messages'] | string },
): Ask<SampledMessage> {
  const messages =
    typeof request.messages === 'string'
      ? [{ role: 'user' as const, content: { type: 'text' as const, text: request.messages } }]
      : request.messages;
  const checked = CreateMessageParams().safeParse({ ...request, messages });
  if (!checked.success) throw new TypeError(`sample: ${describeIssues(checked.error.issues)}`);
  const params = { ...request, messages } as CreateMessageParams;
  return {
    method: 'sampling/createMessage',
    needs:
      params.tools !== undefined || params.toolChoice !== undefined ? { sampling: { tools: {} } } : { sampling: {} },
    wire: () => ({ method: 'sampling/createMessage', params }),
    read(answer) {
      const result = CreateMessageResult().safeParse(answer);
      return result.success
        ? { ok: true, value: result.data }
        : { ok: false, why: `is not a sampling result (${describeIssues(result.error.issues)})` };
    },
  };
}

/** The client's roots: the directories (file:// URIs) it lets the server work in. */
export function listRoots(): Ask<{ roots: Root[] }> {
  return {
    method: 'roots/list',
    needs: { roots: {} },
    wire: (client) => (client.era === 'rev2026' ? { method: 'roots/list', params: {} } : { method: 'roots/list' }),
    read(answer) {
      const result = ListRootsResult().safeParse(answer);
      return result.success
        ? { ok: true, value: { roots: result.data.roots } }
        : { ok: false, why: `is not a roots result (${describeIssues(result.error.issues)})` };
    },
  };
}

/** What the client lacks for these requests, merged, as -32021's `requiredCapabilities`. */
export function lacking(client: ClientView, asks: Iterable<Ask>): ClientCapabilities | undefined {
  let missing: Record<string, Record<string, unknown>> | undefined;
  for (const ask of asks) {
    if (declares(client.capabilities, ask.needs)) continue;
    missing ??= {};
    for (const [name, settings] of Object.entries(ask.needs))
      missing[name] = { ...missing[name], ...(settings as object) };
  }
  return missing as ClientCapabilities | undefined;
}
