// What every provider's tool loop shares: the turns counted, the signal heeded, how it ended.
import type { ToolSource } from './agent-tools.js';

export interface LoopOptions {
  /** The server (or its AgentTools, for a caller with scopes, toolsets or callbacks). */
  readonly tools: ToolSource;
  /** How many replies at most (default 10). */
  readonly maxTurns?: number;
  /** Gives the loop up: passed to the model API's requests and to the tool calls. */
  readonly signal?: AbortSignal;
}

export interface LoopEnd {
  /** How many replies the model gave. */
  readonly turns: number;
  /** `done`: the last reply asked for no tool; `maxTurns`: it did, and the loop stopped there. */
  readonly stopped: 'done' | 'maxTurns';
}

export const MAX_TURNS = 10;

/** Runs `turn` (one reply, its tools answered; true when it asked for tools) until it asks none, or `maxTurns`. */
export async function loopTurns(options: LoopOptions, turn: () => Promise<boolean>): Promise<LoopEnd> {
  const maxTurns = options.maxTurns ?? MAX_TURNS;
  if (!Number.isInteger(maxTurns) || maxTurns < 1) throw new TypeError('maxTurns must be a whole number, at least 1');
  for (let turns = 1; ; turns++) {
    options.signal?.throwIfAborted();
    if (!(await turn())) return { turns, stopped: 'done' };
    if (turns >= maxTurns) return { turns, stopped: 'maxTurns' };
  }
}
