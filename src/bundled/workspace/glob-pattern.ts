// Glob patterns matched against `/`-separated relative paths in time linear in the path: the pattern
// is parsed once into an automaton that runs as a set of states, one character at a time, so no
// pattern backtracks (`*a*a*a*a*a*a*a*b`, `**\/` forty times, `{a,a}` forty times). The sets met so
// far are remembered with their moves, so a common pattern costs a lookup per character.
// `*` and `?` never match `/`; names starting with a dot are matched like any other.
import { buildAutomaton } from './glob-automaton.js';
import { parseGlob } from './glob-parse.js';

/** The longest glob accepted: a character of a path costs at most the pattern's length. */
export const MAX_GLOB_CHARS = 1000;

/** How many states and moves are remembered before the memory starts over (some MiB at most). */
const MAX_REMEMBERED = 1 << 20;

export interface GlobMatcher {
  /** True when the whole path matches. */
  test(path: string): boolean;
}

interface StateSet {
  readonly states: readonly number[];
  readonly accepting: boolean;
  readonly moves: Map<number, StateSet>;
}

/** Compiles a glob; throws an Error naming the problem for a pattern that is too long or has a reversed range. */
export function compileGlob(pattern: string): GlobMatcher {
  if (pattern.length > MAX_GLOB_CHARS) {
    throw new Error(
      `the glob pattern is ${pattern.length} characters long, over the ${MAX_GLOB_CHARS}-character limit`,
    );
  }
  const automaton = buildAutomaton(parseGlob(pattern));
  const known = new Map<string, StateSet>();
  let remembered = 0;
  const toSet = (states: readonly number[]): StateSet => {
    const key = states.join(',');
    let set = known.get(key);
    if (set === undefined) {
      set = { states, accepting: automaton.accepts(states), moves: new Map() };
      known.set(key, set);
      remembered += states.length + 1;
    }
    return set;
  };
  let start = toSet(automaton.start);
  return {
    test(path) {
      let at = start;
      for (let index = 0; index < path.length; ) {
        if (at.states.length === 0) return false;
        const code = path.codePointAt(index)!;
        index += code > 0xffff ? 2 : 1;
        let next = at.moves.get(code);
        if (next === undefined) {
          if (remembered > MAX_REMEMBERED) {
            known.clear();
            remembered = 0;
            start = toSet(automaton.start);
          }
          next = toSet(automaton.step(at.states, code));
          at.moves.set(code, next);
          remembered += 1;
        }
        at = next;
      }
      return at.accepting;
    },
  };
}
