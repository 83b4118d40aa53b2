// A parsed glob as a nondeterministic automaton: one state per step of the pattern (two for `**\/`,
// one per pair of braces), run as a set of states, so that matching never backtracks.
import type { GlobNode } from './glob-parse.js';

const MATCH = 0;
const CHAR = 1;
const ANY = 2;
const CLASS = 3;
/** `*`: takes a character but `/` and stays. */
const STAR = 4;
/** `**` spanning everything: takes any character and stays. */
const ALL = 5;
/** `**\/`: done (on to `next`), or starts a directory name (on to `inner`). */
const DIRS = 6;
/** Inside a directory name of `**\/`: more of the name, or `/` back to the DIRS state (`next`). */
const DIR_NAME = 7;
/** Braces: on to each alternative without taking a character. */
const SPLIT = 8;

const SLASH = 0x2f;

type ClassNode = Extract<GlobNode, { kind: 'class' }>;

export interface Automaton {
  /** The states the automaton is in before the first character, in increasing order. */
  readonly start: readonly number[];
  /** The states after taking `code` from `states`, in increasing order (empty: no match is possible). */
  step(states: readonly number[], code: number): number[];
  /** True when the set holds the final state. */
  accepts(states: readonly number[]): boolean;
}

interface Program {
  readonly kinds: number[];
  readonly next: number[];
  /** CHAR: the code point; DIRS: its DIR_NAME state. */
  readonly data: number[];
  readonly classes: (ClassNode | undefined)[];
  readonly splits: (readonly number[] | undefined)[];
}

export function buildAutomaton(nodes: readonly GlobNode[]): Automaton {
  const program: Program = { kinds: [MATCH], next: [MATCH], data: [0], classes: [undefined], splits: [undefined] };
  const first = emitSequence(program, nodes, MATCH);
  const size = program.kinds.length;
  // A state is in the set being built when its mark is the current round's number.
  const marks = new Int32Array(size).fill(-1);
  // Each push follows a move out of a state entered once per round, so the moves bound the stack.
  const moves = program.splits.reduce((sum, starts) => sum + (starts?.length ?? 1), 1);
  const stack = new Int32Array(moves);
  let round = 0;
  const collect = (targets: readonly number[]): number[] => {
    if (round > 2 ** 30) {
      marks.fill(-1);
      round = 0;
    }
    round += 1;
    const into: number[] = [];
    for (const target of targets) enter(program, marks, stack, round, target, into);
    return into.sort((a, b) => a - b);
  };
  return {
    start: collect([first]),
    step: (states, code) => collect(takeCharacter(program, states, code)),
    accepts: (states) => states[0] === MATCH,
  };
}

/** Emits the nodes back to front, each pointing at what follows it; returns the first state. */
function emitSequence(program: Program, nodes: readonly GlobNode[], next: number): number {
  let first = next;
  for (let index = nodes.length - 1; index >= 0; index -= 1) first = emitNode(program, nodes[index]!, first);
  return first;
}

function emitNode(program: Program, node: GlobNode, next: number): number {
  switch (node.kind) {
    case 'char':
      return addState(program, CHAR, next, node.code);
    case 'any':
      return addState(program, ANY, next);
    case 'class':
      return addState(program, CLASS, next, 0, node);
    case 'star':
      return addState(program, STAR, next);
    case 'all':
      return addState(program, ALL, next);
    case 'dirs': {
      const dirs = addState(program, DIRS, next);
      program.data[dirs] = addState(program, DIR_NAME, dirs);
      return dirs;
    }
    case 'braces': {
      const starts = node.alternatives.map((alternative) => emitSequence(program, alternative, next));
      return addState(program, SPLIT, next, 0, undefined, starts);
    }
  }
}

function addState(program: Program, kind: number, next: number, data = 0, node?: ClassNode, starts?: number[]): number {
  program.kinds.push(kind);
  program.next.push(next);
  program.data.push(data);
  program.classes.push(node);
  program.splits.push(starts);
  return program.kinds.length - 1;
}

/** Where each state goes on `code` (before following the moves that take no character). */
function takeCharacter(program: Program, states: readonly number[], code: number): number[] {
  const { kinds, next, data } = program;
  const targets: number[] = [];
  for (const state of states) {
    switch (kinds[state]) {
      case CHAR:
        if (data[state] === code) targets.push(next[state]!);
        break;
      case ANY:
        if (code !== SLASH) targets.push(next[state]!);
        break;
      case CLASS:
        if (code !== SLASH && inClass(program.classes[state]!, code)) targets.push(next[state]!);
        break;
      case STAR:
        if (code !== SLASH) targets.push(state);
        break;
      case ALL:
        targets.push(state);
        break;
      case DIRS:
        if (code !== SLASH) targets.push(data[state]!);
        break;
      case DIR_NAME:
        targets.push(code === SLASH ? next[state]! : state);
        break;
    }
  }
  return targets;
}

/** Adds a state and every state it reaches without taking a character, each once per round. */
function enter(
  program: Program,
  marks: Int32Array,
  stack: Int32Array,
  round: number,
  state: number,
  into: number[],
): void {
  const { kinds, next, splits } = program;
  let depth = 0;
  stack[depth++] = state;
  while (depth > 0) {
    const at = stack[--depth]!;
    if (marks[at] === round) continue;
    marks[at] = round;
    into.push(at);
    const kind = kinds[at];
    if (kind === SPLIT) for (const start of splits[at]!) stack[depth++] = start;
    else if (kind === STAR || kind === ALL || kind === DIRS) stack[depth++] = next[at]!;
  }
}

function inClass(node: ClassNode, code: number): boolean {
  let found = false;
  for (const [low, high] of node.ranges) {
    if (code >= low && code <= high) {
      found = true;
      break;
    }
  }
  return found !== node.negated;
}
