// 2025: the questions of a round go to the client as requests of the server's own
// (elicitation/create, sampling/createMessage, roots/list), on the asking request's own channel
// (stdio, or the POST's SSE stream), and their answers come back as JSON-RPC responses.
import type { RequestContext } from '../../core/context.js';
import type { Ask } from '../../core/input/requests.js';
import { InputError } from '../../core/input/round-state.js';
import { ListRootsResult } from '../../../schemas/client-input.js';

/**
 * Every question of the round at once; resolves with the raw answers by key. The first that fails
 * fails the call, and the others are withdrawn (notifications/cancelled), so none is left waiting.
 */
export async function fulfil(ctx: RequestContext, asks: ReadonlyMap<string, Ask>): Promise<Record<string, unknown>> {
  if (!ctx.session.acceptsResponses) {
    throw new InputError(
      'cannot ask the client: a stateless HTTP request has no session for its answers to come back to',
    );
  }
  const round = new AbortController();
  const call = ctx.signal;
  const withdraw = () => round.abort(call.reason);
  call.addEventListener('abort', withdraw, { once: true });
  const entries = [...asks];
  try {
    const answers = await Promise.all(entries.map(([, ask]) => request(ctx, ask, round.signal)));
    return Object.fromEntries(entries.map(([key], index) => [key, answers[index]]));
  } catch (error) {
    if (!round.signal.aborted) round.abort(new Error('another question of the round failed'));
    throw error;
  } finally {
    call.removeEventListener('abort', withdraw);
  }
}

async function request(ctx: RequestContext, ask: Ask, signal: AbortSignal): Promise<unknown> {
  const { session } = ctx;
  if (ask.method === 'roots/list' && session.roots !== undefined) return { roots: session.roots };
  const { method, params } = ask.wire(ctx.client);
  const generation = session.rootsGeneration;
  // A withdrawal goes where the client still listens: the session's own stream when it has one
  // (the request's stream may be what closed), else the request's.
  const cancelVia = (message: Parameters<RequestContext['send']>[0]) => {
    if (session.notify === undefined) return ctx.send(message);
    session.notify(message);
    return true;
  };
  let answer: unknown;
  try {
    answer = await session.outbound.request(method, params, (message) => ctx.send(message), signal, cancelVia);
  } catch (error) {
    if (ctx.abort.aborted) throw error; // the call ended: it answers as it was ended
    throw error instanceof Error ? new InputError(error.message) : error;
  }
  // A client that promises to say when its roots change is asked once per session (unless they
  // changed while this answer was on its way).
  if (
    method === 'roots/list' &&
    ctx.client.capabilities.roots?.listChanged === true &&
    session.rootsGeneration === generation
  ) {
    const roots = ListRootsResult().safeParse(answer);
    if (roots.success) session.roots = roots.data.roots;
  }
  return answer;
}
