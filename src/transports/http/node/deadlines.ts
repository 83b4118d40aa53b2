// Deadlines of one length on one timer, as node's timers keep one list per duration, but without a
// Timeout object armed and cleared for every request: what a body read costs when it arrives at once.
import { unrefTimer, type Timer } from '../../../runtime/host.js';

export interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

export interface Deadlines {
  /** Calls `expire` once `ms` have passed, unless cancelled first. */
  start(expire: () => void): Deadline;
  cancel(deadline: Deadline): void;
}

const clocks = new Map<number, Deadlines>();

/**
 * The deadlines of `ms`, shared by every caller. Started in order of their time, they expire in that
 * order. The timer is unreferenced: a deadline does not keep the process alive, the socket it
 * watches does.
 */
export function deadlinesOf(ms: number): Deadlines {
  let deadlines = clocks.get(ms);
  if (deadlines === undefined) {
    deadlines = createDeadlines(ms);
    clocks.set(ms, deadlines);
  }
  return deadlines;
}

function createDeadlines(ms: number): Deadlines {
  const pending = new Set<Deadline>();
  let timer: Timer | undefined;
  const arm = (delay: number) => {
    timer = unrefTimer(setTimeout(expireDue, delay));
  };
  const expireDue = () => {
    timer = undefined;
    const now = performance.now();
    for (const deadline of pending) {
      if (deadline.at > now) return arm(deadline.at - now);
      pending.delete(deadline);
      deadline.expire();
    }
  };
  return {
    start(expire) {
      const deadline = { at: performance.now() + ms, expire };
      pending.add(deadline);
      if (timer === undefined) arm(ms);
      return deadline;
    },
    cancel(deadline) {
      pending.delete(deadline);
    },
  };
}
