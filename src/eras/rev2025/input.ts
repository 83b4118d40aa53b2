// 2025: the questions of a round go to the client as requests of the server's own
// (elicitation/create, sampling/createMessage, roots/list), on the asking request's own channel
// (stdio, or the POST's SSE stream), and their answers come back as JSON-RPC responses.
import type { RequestContext } from '../../core/context.js';
import type { Ask } from '../../core/input/requests.js';
import { InputError } from '../../core/input/round.js';
import { ClientError } from '../../core/outbound.js';
import { ListRootsResult } from '../../../schemas/client-input.js';

/** Every question of the round at once; resolves with the raw answers by key, or fails the call. */
export async function fulfil(ctx: RequestContext, asks: ReadonlyMap<string, Ask>): Promise<Record<string, unknown>> {
  if (!ctx.session.acceptsResponses) {
    throw new InputError('cannot ask the client: a stateless HTTP request has no session for its answers to come back to');
  }
  const entries = [...asks];
  const answers = await Promise.all(entries.map(([, ask]) => request(ctx, ask)));
  return Object.fromEntries(entries.map(([key], index) => [key, answers[index]]));
}

async function request(ctx: RequestContext, ask: Ask): Promise<unknown> {
  const { session } = ctx;
  if (ask.method === 'roots/list' && session.roots !== undefined) return { roots: session.roots };
  const { method, params } = ask.wire(ctx.client);
  let answer: unknown;
  try {
    answer = await session.outbound.request(method, params, (message) => ctx.send(message), ctx.signal);
  } catch (error) {
    if (ctx.abort.aborted) throw error; // the call ended: it answers as it was ended
    throw error instanceof ClientError || error instanceof Error ? new InputError(error.message) : error;
  }
  // A client that promises to say when its roots change is asked once per session.
  if (method === 'roots/list' && ctx.client.capabilities.roots?.listChanged === true) {
    const roots = ListRootsResult.safeParse(answer);
    if (roots.success) session.roots = roots.data.roots;
  }
  return answer;
}
