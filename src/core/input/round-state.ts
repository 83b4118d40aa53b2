// What one call's rounds hold: the round (answers gathered, questions pending), its end on 2026
// (input_required), and what a handler's ask throws to end it (not an Error) or to fail.
import type { InputRequest } from '../../../schemas/client-input.js';
import type { Ask } from './requests.js';
import type { Gathered } from './state.js';

/** A round that ended on 2026 with questions: encoded as `resultType: "input_required"`. */
export class InputRequired {
  readonly inputRequests: Record<string, InputRequest>;
  readonly requestState: string;

  constructor(inputRequests: Record<string, InputRequest>, requestState: string) {
    this.inputRequests = inputRequests;
    this.requestState = requestState;
  }
}

/**
 * What a handler's `ask` throws to end a round: not an Error, so that a handler's own
 * `catch (error) { if (error instanceof Error) … }` lets it pass. Even caught, the round still ends.
 */
export class InputPending {
  readonly message = 'the handler is waiting for the client to answer';
}

/**
 * A failure to ask that the caller should see as it is (a tool: an isError result; a prompt or resource: -32603 with
 * the text).
 */
export class InputError extends Error {
  override name = 'InputError';
}

/** What one call has gathered, and what the current round asked for. */
export class Round {
  number: number;
  readonly answers: Record<string, unknown>;
  readonly memo: Record<string, unknown>;
  readonly pending = new Map<string, Ask>();
  /** Asks still reading their answers (a form with an async check): the round waits for them before it ends. */
  readonly asking = new Set<Promise<unknown>>();
  /** The answers the handler has read and accepted: what a 2026 state carries to the next round. */
  readonly accepted: Record<string, unknown> = {};

  constructor(gathered: Gathered | undefined, responses: Record<string, unknown> | undefined) {
    this.number = gathered?.round ?? 0;
    // The retry's answers, then those of earlier rounds, which the client cannot take back. Each is
    // read only when the handler asks its key, with that question's own checks; other keys are
    // ignored (the spec's SHOULD). Answers are the client's word, with or without a state: the
    // state protects what the server carries, not what the client says.
    this.answers = { ...responses, ...gathered?.answers };
    this.memo = { ...gathered?.memo };
  }
}
