// RFC 6570 URI templates, their syntax: the operators, and a template parsed into literal text and
// expressions, each a malformed piece refused when the template is defined.

/** How each operator writes its variables (RFC 6570 appendix A). */
export interface Operator {
  readonly first: string;
  readonly separator: string;
  /** `;`, `?`, `&`: each value is written as `name=value`. */
  readonly named: boolean;
  /** What `name` alone stands for when the value is empty: `;x` (true) or `?x=` (false). */
  readonly emptyBare: boolean;
  /** `+` and `#` keep reserved characters as they are. */
  readonly reserved: boolean;
}

export const OPERATORS: Readonly<Record<string, Operator>> = {
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

export type Part = { readonly literal: string } | { readonly operator: string; readonly vars: readonly VarSpec[] };

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

/** The template's parts; a malformed one throws a TypeError saying where. */
export function parse(template: string): Part[] {
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
    if (list === '')
      throw new TypeError(`URI template ${JSON.stringify(template)}: an expression at ${open} names no variable`);
    parts.push({ operator, vars: list.split(',').map((spec) => varSpec(template, spec)) });
    at = close + 1;
  }
  return parts;
}

function literal(template: string, text: string): string {
  if (/[}\s"'<>\\^`|]/.test(text))
    throw new TypeError(
      `URI template ${JSON.stringify(template)}: ${JSON.stringify(text)} is not a literal a URI can hold`,
    );
  return text;
}

function varSpec(template: string, spec: string): VarSpec {
  const explode = spec.endsWith('*');
  const [name = '', length] = (explode ? spec.slice(0, -1) : spec).split(':');
  if (!VARNAME.test(name))
    throw new TypeError(`URI template ${JSON.stringify(template)}: ${JSON.stringify(spec)} is not a variable name`);
  if (length === undefined) return { name, explode, prefix: undefined };
  if (explode || !/^[1-9]\d{0,3}$/.test(length)) {
    throw new TypeError(`URI template ${JSON.stringify(template)}: ${JSON.stringify(spec)} has a bad prefix length`);
  }
  return { name, explode, prefix: Number(length) };
}
