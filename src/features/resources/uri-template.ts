// RFC 6570 URI templates: parsed once when a template is defined; expanded (all four levels) and
// matched against a URI (every operator; an exploded variable takes the rest of its list).

/** How each operator writes its variables (RFC 6570 appendix A). */
interface Operator {
  readonly first: string;
  readonly separator: string;
  /** `;`, `?`, `&`: each value is written as `name=value`. */
  readonly named: boolean;
  /** What `name` alone stands for when the value is empty: `;x` (true) or `?x=` (false). */
  readonly emptyBare: boolean;
  /** `+` and `#` keep reserved characters as they are. */
  readonly reserved: boolean;
}

const OPERATORS: Readonly<Record<string, Operator>> = {
  '': { first: '', separator: ',', named: false, emptyBare: false, reserved: false },
  '+': { first: '', separator: ',', named: false, emptyBare: false, reserved: true },
  '#': { first: '#', separator: ',', named: false, emptyBare: false, reserved: true },
  '.': { first: '.', separator: '.', named: false, emptyBare: false, reserved: false },
  '/': { first: '/', separator: '/', named: false, emptyBare: false, reserved: false },
  ';': { first: ';', separator: ';', named: true, emptyBare: true, reserved: false },
  '?': { first: '?', separator: '&', named: true, emptyBare: false, reserved: false },
  '&': { first: '&', separator: '&', named: true, emptyBare: false, reserved: false },
};

export interface VarSpec {
  readonly name: string;
  readonly explode: boolean;
  /** `{var:3}`: at most this many characters of the value. */
  readonly prefix: number | undefined;
}

type Part = { readonly literal: string } | { readonly operator: string; readonly vars: readonly VarSpec[] };

export type TemplateValue = string | readonly string[] | Readonly<Record<string, string>> | undefined;

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;
/** The longest URI `match` looks at: longer ones match nothing (the regular expressions stay cheap). */
export const MAX_MATCHED_URI = 8192;

export class UriTemplate {
  readonly template: string;
  readonly parts: readonly Part[];
  /** Every variable, in the order the template names them. */
  readonly variables: readonly string[];
  readonly #tokens: readonly Token[];

  /** Parses a template; a malformed one throws a TypeError saying where. */
  constructor(template: string) {
    this.template = template;
    this.parts = parse(template);
    this.variables = [...new Set(this.parts.flatMap((part) => ('vars' in part ? part.vars.map((v) => v.name) : [])))];
    this.#tokens = tokenize(this.parts);
  }

  /** The URI for these values (RFC 6570 section 3); an undefined variable is left out. */
  expand(values: Readonly<Record<string, TemplateValue>>): string {
    return this.parts.map((part) => ('literal' in part ? part.literal : expandExpression(part.operator, part.vars, values))).join('');
  }

  /**
   * The variables of a URI this template could have produced, decoded; `undefined` if it cannot
   * have. Where two variables touch (`{+path}{var}`) the earlier takes as much as it can. The cost
   * is bounded: at most (tokens x length²) steps, and a URI over MAX_MATCHED_URI matches nothing.
   */
  match(uri: string): Record<string, string> | undefined {
    if (uri.length > MAX_MATCHED_URI) return undefined;
    return matchFrom(this.#tokens, uri, 0, 0, { failed: new Set(), runs: new Map() });
  }
}

function parse(template: string): Part[] {
  const parts: Part[] = [];
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{', at);
    if (open === -1) {
      parts.push({ literal: literal(template, template.slice(at)) });
      break;
    }
    if (open > at) parts.push({ literal: literal(template, template.slice(at, open)) });
    const close = template.indexOf('}', open);
    if (close === -1) throw new TypeError(`URI template ${JSON.stringify(template)}: "{" at ${open} is never closed`);
    const body = template.slice(open + 1, close);
    const operator = body.length > 0 && '+#./;?&'.includes(body[0]!) ? body[0]! : '';
    const list = operator === '' ? body : body.slice(1);
    if (list === '') throw new TypeError(`URI template ${JSON.stringify(template)}: an expression at ${open} names no variable`);
    parts.push({ operator, vars: list.split(',').map((spec) => varSpec(template, spec)) });
    at = close + 1;
  }
  return parts;
}

function literal(template: string, text: string): string {
  if (/[}\s"'<>\\^`|]/.test(text)) throw new TypeError(`URI template ${JSON.stringify(template)}: ${JSON.stringify(text)} is not a literal a URI can hold`);
  return text;
}

function varSpec(template: string, spec: string): VarSpec {
  const explode = spec.endsWith('*');
  const [name = '', length] = (explode ? spec.slice(0, -1) : spec).split(':');
  if (!VARNAME.test(name)) throw new TypeError(`URI template ${JSON.stringify(template)}: ${JSON.stringify(spec)} is not a variable name`);
  if (length === undefined) return { name, explode, prefix: undefined };
  if (explode || !/^[1-9]\d{0,3}$/.test(length)) {
    throw new TypeError(`URI template ${JSON.stringify(template)}: ${JSON.stringify(spec)} has a bad prefix length`);
  }
  return { name, explode, prefix: Number(length) };
}

/** Unreserved characters stay; reserved ones too for `+` and `#`, and their pct-encoded triplets are kept. */
function encode(value: string, reserved: boolean): string {
  if (!reserved) return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return value
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((piece, i) => (i % 2 === 1 ? piece : encodeURI(piece).replace(/%5B/gi, '[').replace(/%5D/gi, ']')))
    .join('');
}

function expandExpression(operator: string, vars: readonly VarSpec[], values: Readonly<Record<string, TemplateValue>>): string {
  const op = OPERATORS[operator]!;
  const written: string[] = [];
  for (const spec of vars) {
    const value = values[spec.name];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) continue;
    written.push(expandVar(op, spec, value as Exclude<TemplateValue, undefined>));
  }
  return written.length === 0 ? '' : op.first + written.join(op.separator);
}

function expandVar(op: Operator, spec: VarSpec, value: Exclude<TemplateValue, undefined>): string {
  const named = (name: string, text: string) => (op.named ? (text === '' && op.emptyBare ? name : `${name}=${text}`) : text);
  if (typeof value === 'string') {
    const text = encode(spec.prefix === undefined ? value : [...value].slice(0, spec.prefix).join(''), op.reserved);
    return named(spec.name, text);
  }
  const pairs: [string, string][] = Array.isArray(value) ? value.map((item) => ['', item]) : Object.entries(value);
  const isList = Array.isArray(value);
  if (!spec.explode) {
    const joined = pairs.map(([key, item]) => (isList ? encode(item, op.reserved) : `${encode(key, op.reserved)},${encode(item, op.reserved)}`)).join(',');
    return named(spec.name, joined);
  }
  return pairs
    .map(([key, item]) => (isList ? named(spec.name, encode(item, op.reserved)) : `${encode(key, op.reserved)}=${encode(item, op.reserved)}`))
    .join(op.separator);
}

/** A piece of the template as the matcher walks it: literal text, or one variable with what may lead it. */
type Token =
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

function tokenize(parts: readonly Part[]): Token[] {
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
function matchFrom(tokens: readonly Token[], uri: string, index: number, at: number, memo: Memo): Record<string, string> | undefined {
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

interface Memo {
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
