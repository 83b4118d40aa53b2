// What a client call takes and what the server may ask it: shared by the client and the task follower.
import type { Frame } from './wire.js';

/** Something the server asks the client: a 2026 input request (`key` set), or a 2025 request of its own. */
export interface Question {
  readonly key?: string;
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
}
/** The answer's result (an ElicitResult, a CreateMessageResult, a ListRootsResult); a throw refuses it. */
export type Answer = (question: Question) => Promise<Frame>;

export interface Progress {
  readonly progress?: number;
  readonly total?: number;
  readonly message?: string;
}

export interface RequestOptions {
  readonly onProgress?: (progress: Progress) => void;
  /**
   * Aborting it cancels the request (in process, as notifications/cancelled does), or the task it
   * became (tasks/cancel).
   */
  readonly signal?: AbortSignal;
  /** Answers this request's questions instead of the client's `answer`. */
  readonly answer?: Answer;
}
