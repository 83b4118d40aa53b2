// Matching a URI against an RFC 6570 template (every operator; an exploded variable takes the rest of
// its list): the template as tokens, and a walk over the URI whose cost is bounded.
import { OPERATORS, type Part } from './uri-template-syntax.js';

/** A piece of the template as the matcher walks it: literal text, or one variable with what may lead it. */
export type Token =
  | { readonly kind: 'literal'; readonly text: string }
  | {
      readonly kind: 'var';
      readonly name: string;
      /** What must come first: the operator's first character or its separator ("?" and "&" both for `?`). */
      readonly leads: readonly string[];
      /** `;`, `?`, `&`: `name=value`, or (`;`) the bare name for an empty value. */
      readonly named: boolean;
      readonly reserved: boolean;
      /** Exploded: the operator's separator may occur inside the value (the rest of the list). */
      readonly separator: string | undefined;
      /** A variable after the first of its expression, or of an operator with a first character, may be left out. */
      readonly optional: boolean;
    };

export function tokenize(parts: readonly Part[]): Token[] {
  const tokens: Token[] = [];
  for (const part of parts) {
    if ('literal' in part) {
      tokens.push({ kind: 'literal', text: part.literal });
      continue;
    }
    const op = OPERATORS[part.operator]!;
    part.vars.forEach((spec, index) => {
      const lead = part.operator === '?' ? ['?', '&'] : [index === 0 ? op.first : op.separator];
      tokens.push({
        kind: 'var',
        name: spec.name,
        leads: lead,
        named: op.named,
        reserved: op.reserved,
        separator: spec.explode ? op.separator : undefined,
        optional: !(op.first === '' && index === 0),
      });
    });
  }
  return tokens;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;
const HEX = /[0-9A-Fa-f]/;

/**
 * For one kind of variable (reserved or not, with or without a separator inside), where a value that
 * starts at each position may end at the furthest, and which positions fall between whole characters
 * (never inside a pct-encoded triplet). One pass from the right: linear in the URI.
 */
interface Runs {
  readonly furthest: Int32Array;
  readonly boundary: Uint8Array;
}

function runsOf(uri: string, reserved: boolean, separator: string | undefined): Runs {
  const n = uri.length;
  const step = new Int32Array(n + 1); // length of the character at each position, 0 if none may stand there
  for (let at = 0; at < n; at++) {
    const c = uri[at]!;
    if (c === '%') step[at] = HEX.test(uri[at + 1] ?? '') && HEX.test(uri[at + 2] ?? '') ? 3 : 0;
    else step[at] = UNRESERVED.test(c) || (reserved && RESERVED.test(c)) || c === separator ? 1 : 0;
  }
  const furthest = new Int32Array(n + 1);
  const boundary = new Uint8Array(n + 1);
  furthest[n] = n;
  boundary[n] = 1;
  for (let at = n - 1; at >= 0; at--) {
    const length = step[at]!;
    furthest[at] = length === 0 || at + length > n ? at : furthest[at + length]!;
  }
  // Boundaries: walk forward from each position that starts a run.
  for (let at = 0; at <= n; ) {
    boundary[at] = 1;
    at += step[at] === 0 ? 1 : step[at]!;
  }
  return { furthest, boundary };
}

/** Depth-first, longest value first; `failed` remembers (token, position) pairs that cannot lead to a match. */
export function matchFrom(
  tokens: readonly Token[],
  uri: string,
  index: number,
  at: number,
  memo: Memo,
): Record<string, string> | undefined {
  if (index === tokens.length) return at === uri.length ? {} : undefined;
  const key = index * (uri.length + 1) + at;
  if (memo.failed.has(key)) return undefined;
  const token = tokens[index]!;
  let found: Record<string, string> | undefined;
  if (token.kind === 'literal') {
    if (uri.startsWith(token.text, at)) found = matchFrom(tokens, uri, index + 1, at + token.text.length, memo);
  } else {
    found = matchVar(tokens, token, uri, index, at, memo);
    if (found === undefined && token.optional) found = matchFrom(tokens, uri, index + 1, at, memo);
  }
  if (found === undefined) memo.failed.add(key);
  return found;
}

export interface Memo {
  readonly failed: Set<number>;
  readonly runs: Map<string, Runs>;
}

function matchVar(
  tokens: readonly Token[],
  token: Extract<Token, { kind: 'var' }>,
  uri: string,
  index: number,
  at: number,
  memo: Memo,
): Record<string, string> | undefined {
  const kind = `${token.reserved ? 'r' : 'u'}${token.separator ?? ''}`;
  let runs = memo.runs.get(kind);
  if (runs === undefined) memo.runs.set(kind, (runs = runsOf(uri, token.reserved, token.separator)));
  for (const lead of token.leads) {
    if (!uri.startsWith(lead, at)) continue;
    let start = at + lead.length;
    if (token.named) {
      if (!uri.startsWith(token.name, start)) continue;
      start += token.name.length;
      if (uri[start] !== '=') {
        const rest = matchFrom(tokens, uri, index + 1, start, memo);
        if (rest !== undefined) return bind(rest, token.name, '');
        continue;
      }
      start += 1;
    }
    if (start > uri.length || runs.boundary[start] === 0) continue;
    for (let end = runs.furthest[start]!; end >= start; end--) {
      if (runs.boundary[end] === 0) continue;
      const rest = matchFrom(tokens, uri, index + 1, end, memo);
      if (rest === undefined) continue;
      const value = safeDecode(uri.slice(start, end));
      const bound = value === undefined ? undefined : bind(rest, token.name, value);
      if (bound !== undefined) return bound;
    }
  }
  return undefined;
}

/** Adds a variable's value; a variable named twice must have the same value both times. */
function bind(rest: Record<string, string>, name: string, value: string): Record<string, string> | undefined {
  if (Object.hasOwn(rest, name) && rest[name] !== value) return undefined;
  return { [name]: value, ...rest };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
