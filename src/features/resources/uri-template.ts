// RFC 6570 URI templates: parsed once when a template is defined (uri-template-syntax.ts); expanded
// (all four levels) here, and matched against a URI (uri-template-match.ts).
import { matchFrom, tokenize, type Token } from './uri-template-match.js';
import { OPERATORS, parse, type Operator, type Part, type VarSpec } from './uri-template-syntax.js';

export type { VarSpec } from './uri-template-syntax.js';

export type TemplateValue = string | readonly string[] | Readonly<Record<string, string>> | undefined;

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
    return this.parts
      .map((part) => ('literal' in part ? part.literal : expandExpression(part.operator, part.vars, values)))
      .join('');
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

/** Unreserved characters stay; reserved ones too for `+` and `#`, and their pct-encoded triplets are kept. */
function encode(value: string, reserved: boolean): string {
  if (!reserved)
    return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return value
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((piece, i) => (i % 2 === 1 ? piece : encodeURI(piece).replace(/%5B/gi, '[').replace(/%5D/gi, ']')))
    .join('');
}

function expandExpression(
  operator: string,
  vars: readonly VarSpec[],
  values: Readonly<Record<string, TemplateValue>>,
): string {
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
  const named = (name: string, text: string) =>
    op.named ? (text === '' && op.emptyBare ? name : `${name}=${text}`) : text;
  if (typeof value === 'string') {
    const text = encode(spec.prefix === undefined ? value : [...value].slice(0, spec.prefix).join(''), op.reserved);
    return named(spec.name, text);
  }
  const pairs: [string, string][] = Array.isArray(value) ? value.map((item) => ['', item]) : Object.entries(value);
  const isList = Array.isArray(value);
  if (!spec.explode) {
    const joined = pairs
      .map(([key, item]) =>
        isList ? encode(item, op.reserved) : `${encode(key, op.reserved)},${encode(item, op.reserved)}`,
      )
      .join(',');
    return named(spec.name, joined);
  }
  return pairs
    .map(([key, item]) =>
      isList ? named(spec.name, encode(item, op.reserved)) : `${encode(key, op.reserved)}=${encode(item, op.reserved)}`,
    )
    .join(op.separator);
}
