// The `gemini` profile: Gemini's function declarations, an OpenAPI 3.0 subset. Only the keywords it
// accepts are kept; references are written out (to a depth), and what it cannot say goes in the description.
import { isSchema, mapValues, resolveRef, type Schema } from './nodes.js';

/** The Schema fields of Gemini's function declarations; any other keyword is refused there. */
const GEMINI_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);
/** String formats Gemini accepts; another one is said in the description instead. */
const GEMINI_STRING_FORMATS = new Set(['enum', 'date-time']);
/** Gemini has no references: a recursive schema is written out this many levels deep, then left open. */
const GEMINI_REF_DEPTH = 3;

/** The schema Gemini is given for `schema`. */
export function geminiSchema(schema: Schema): Schema {
  return gemini(inlineRefs(schema, schema, GEMINI_REF_DEPTH) as Schema);
}

function inlineRefs(node: unknown, root: Schema, depth: number): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, root, depth));
  if (!isSchema(node)) return node;
  if (typeof node.$ref === 'string') {
    if (depth === 0) return { type: 'object', description: 'nested further (a recursive schema)' };
    const { $ref: _ref, ...rest } = node;
    return inlineRefs({ ...resolveRef(node, root), ...rest }, root, depth - 1);
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== '$defs' && key !== 'definitions')
      .map(([key, value]) => [key, inlineRefs(value, root, depth)]),
  );
}

function gemini(node: Schema): Schema {
  const out: Schema = {};
  let nullableType = false;
  let types: string[] = [];
  if (typeof node.type === 'string') types = [node.type];
  else if (Array.isArray(node.type)) types = node.type as string[];
  if (types.includes('null')) {
    nullableType = true;
    types = types.filter((type) => type !== 'null');
  }
  if (types.length === 1) out.type = types[0];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || (!GEMINI_KEYWORDS.has(key) && key !== 'const' && key !== 'oneOf')) continue;
    if (key === 'properties') out.properties = mapValues(value, (field) => (isSchema(field) ? gemini(field) : field));
    else if (key === 'items') {
      // `items: false` (a closed tuple) has no Gemini form: its elements say it
      if (isSchema(value)) out.items = gemini(value);
    } else if (key === 'anyOf' || key === 'oneOf') {
      const branches = (value as unknown[]).filter(isSchema);
      if (branches.some((branch) => branch.type === 'null')) nullableType = true;
      out.anyOf = branches.filter((branch) => branch.type !== 'null').map(gemini);
    } else if (key === 'const') out.enum = [value];
    else if (key === 'format' && types[0] === 'string' && !GEMINI_STRING_FORMATS.has(String(value))) {
      out.description =
        `${typeof node.description === 'string' ? `${node.description} ` : ''}(format: ` + `${String(value)})`;
    } else if (!(key === 'description' && out.description !== undefined)) out[key] = value;
  }
  // Gemini's enum lists strings only: other values are said in the description instead.
  if (Array.isArray(out.enum) && out.enum.some((value) => typeof value !== 'string')) {
    const values = (out.enum as unknown[]).map((value) => JSON.stringify(value)).join(', ');
    delete out.enum;
    out.description = `${typeof out.description === 'string' ? `${out.description} ` : ''}(one of: ${values})`;
  }
  // A tuple: its elements as the one schema Gemini's `items` takes (the same schema, or any of them).
  const elements = Array.isArray(node.prefixItems) ? (node.prefixItems as unknown[]).filter(isSchema).map(gemini) : [];
  if (elements.length > 0) {
    const same = elements.every((element) => JSON.stringify(element) === JSON.stringify(elements[0]));
    const rest = out.items === undefined ? [] : [out.items as Schema];
    out.items =
      same && rest.every((item) => JSON.stringify(item) === JSON.stringify(elements[0]))
        ? elements[0]
        : { anyOf: [...elements, ...rest] };
  }
  if (types.length > 1)
    out.anyOf = [...types.map((type) => ({ type })), ...((out.anyOf as Schema[] | undefined) ?? [])];
  if (Array.isArray(out.anyOf) && out.anyOf.length === 1 && Object.keys(out).length === 1)
    return { ...(out.anyOf[0] as Schema), ...(nullableType ? { nullable: true } : {}) };
  if (nullableType) out.nullable = true;
  return out;
}
