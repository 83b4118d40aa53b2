// A Zod object -> the restricted JSON Schema of an elicitation form (MCP 2025-11-25 "Elicitation":
// top-level strings, numbers, booleans and enums only). Checked once, when the form is made.
import { PrimitiveSchemaDefinition, RequestedSchema } from '../../../schemas/client-input.js';
import { toJsonSchema } from '../../schema/json-schema/index.js';
import { runsAuthorCode } from '../../schema/parse.js';
import { isObjectSchema, type AnyObjectSchema } from '../../schema/zod.js';

const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);
const SAFE = Number.MAX_SAFE_INTEGER;
const LABELS = ['title', 'description'] as const;

/** A form the client can show: its requested schema, and the Zod object that checks what comes back. */
export interface ElicitationForm<S extends AnyObjectSchema = AnyObjectSchema> {
  readonly kind: 'elicitation-form';
  readonly schema: S;
  readonly requestedSchema: RequestedSchema;
  /** The schema runs code of the author's (a refinement, a transform): the answer is parsed asynchronously. */
  readonly async: boolean;
}

const made = new WeakMap<object, ElicitationForm>();

/**
 * Makes (once per schema) the form for a Zod object. A field with no place in a form (an object, an
 * array of anything but enum values, a union, a nullable) throws a TypeError naming it. Constraints
 * the form cannot state (a pattern, an exclusive bound) are left out of the form; the answer is
 * still checked by the Zod schema. Titled options use the specification's own keywords through
 * Zod 4's `.meta()`: `oneOf` for a single select, `items: { anyOf }` for a multi select,
 * `enumNames` for the legacy form.
 */
export function elicitationForm<S extends AnyObjectSchema>(schema: S): ElicitationForm<S> {
  const known = made.get(schema);
  if (known !== undefined) return known as ElicitationForm<S>;
  if (!isObjectSchema(schema)) throw new TypeError('elicitation form: the schema must be a Zod object (z.object)');
  const json = toJsonSchema(schema, 'input', 'elicitation form');
  const properties: Record<string, PrimitiveSchemaDefinition> = {};
  for (const [name, field] of Object.entries((json.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    properties[name] = formField(name, field);
  }
  const required = json.required ?? [];
  const built =
    required.length === 0 ? { type: 'object' as const, properties } : { type: 'object' as const, properties, required };
  if (!RequestedSchema().safeParse(built).success)
    throw new TypeError('elicitation form: the schema cannot be stated as a form');
  const requestedSchema: RequestedSchema = built; // kept as built, for its key order
  const form: ElicitationForm<S> = { kind: 'elicitation-form', schema, requestedSchema, async: runsAuthorCode(schema) };
  made.set(schema, form);
  return form;
}

function formField(name: string, field: Record<string, unknown>): PrimitiveSchemaDefinition {
  const refuse = (why: string): never => {
    throw new TypeError(
      `elicitation form: field "${name}" ${why}; a form holds strings, numbers, integers, booleans, and single or ` +
        'multiple choices of strings',
    );
  };
  const labels = pick(field, LABELS);
  const type = field.type;
  let shaped: Record<string, unknown>;
  if (type === 'string' && (field.enum !== undefined || field.oneOf !== undefined || field.const !== undefined)) {
    shaped = { type, ...labels, ...choices(field, refuse), ...pick(field, ['default']) };
  } else if (type === 'string') {
    const format = typeof field.format === 'string' && FORMATS.has(field.format) ? { format: field.format } : {};
    shaped = { type, ...labels, ...pick(field, ['minLength', 'maxLength']), ...format, ...pick(field, ['default']) };
  } else if (type === 'number' || type === 'integer') {
    const bounds: Record<string, unknown> = {};
    if (typeof field.minimum === 'number' && field.minimum > -SAFE) bounds.minimum = field.minimum;
    if (typeof field.maximum === 'number' && field.maximum < SAFE) bounds.maximum = field.maximum;
    shaped = { type, ...labels, ...bounds, ...pick(field, ['default']) };
  } else if (type === 'boolean') {
    shaped = { type, ...labels, ...pick(field, ['default']) };
  } else if (type === 'array') {
    const items = (field.items ?? {}) as Record<string, unknown>;
    let itemSchema: Record<string, unknown>;
    if (Array.isArray(items.anyOf)) itemSchema = { anyOf: options(items.anyOf, refuse) };
    else if (items.type === 'string' && Array.isArray(items.enum))
      itemSchema = { type: 'string', enum: strings(items.enum, refuse) };
    else return refuse('is an array of something other than choices of strings');
    shaped = {
      type,
      ...labels,
      ...pick(field, ['minItems', 'maxItems']),
      items: itemSchema,
      ...pick(field, ['default']),
    };
  } else {
    const nullable = Array.isArray(type)
      ? type.includes('null')
      : Array.isArray(field.anyOf) && field.anyOf.some((part) => (part as { type?: unknown })?.type === 'null');
    return refuse(nullable ? 'may be null' : type === 'object' ? 'is an object' : 'has no single type');
  }
  const parsed = PrimitiveSchemaDefinition().safeParse(shaped);
  if (!parsed.success) return refuse('cannot be stated in a form');
  return shaped as PrimitiveSchemaDefinition; // kept as built, for its key order
}

/**
 * A single choice: `oneOf` (titled) wins over `enum`; `enumNames` is kept for the legacy form; a literal is a choice of
 * one.
 */
function choices(field: Record<string, unknown>, refuse: (why: string) => never): Record<string, unknown> {
  if (Array.isArray(field.oneOf)) return { oneOf: options(field.oneOf, refuse) };
  const values = field.enum !== undefined ? field.enum : [field.const];
  const out: Record<string, unknown> = { enum: strings(values, refuse) };
  if (field.enumNames !== undefined) {
    const names = strings(field.enumNames, refuse);
    if (names.length !== (out.enum as string[]).length) refuse('has enumNames of another length than its values');
    out.enumNames = names;
  }
  return out;
}

function options(list: unknown[], refuse: (why: string) => never): { const: string; title: string }[] {
  return list.map((option) => {
    const { const: value, title } = (option ?? {}) as Record<string, unknown>;
    if (typeof value !== 'string' || typeof title !== 'string')
      refuse('has a titled option that is not { const: string, title: string }');
    return { const: value as string, title: title as string };
  });
}

function strings(values: unknown, refuse: (why: string) => never): string[] {
  if (!Array.isArray(values) || values.some((value) => typeof value !== 'string'))
    refuse('has a choice that is not a string');
  return values as string[];
}

function pick(field: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (field[key] !== undefined) out[key] = field[key];
  return out;
}
