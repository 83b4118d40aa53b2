// Zod 3 (`zod/v3`) schemas -> JSON Schema, through zod-to-json-schema, with the checks it does not make.
import { createRequire } from 'node:module';
import type * as ZodToJsonSchema from 'zod-to-json-schema';
import type * as z3 from 'zod/v3';
import { refuseField } from './refusals.js';
import type { SchemaSide } from './index.js';
import { isZod4 } from '../zod.js';

/** zod-to-json-schema turns these into `{}` or a lookalike silently; Zod 4 refuses them, and so do we, in Zod 4's words. */
const zod3Unrepresentable: Record<string, string> = {
  ZodBigInt: 'BigInt',
  ZodDate: 'Date',
  ZodSymbol: 'Symbols',
  ZodUndefined: 'Undefined',
  ZodVoid: 'Void',
  ZodNaN: 'NaN',
  ZodFunction: 'Function types',
  ZodPromise: 'Promises',
  ZodMap: 'Map',
  ZodSet: 'Set',
};

type Options = ZodToJsonSchema.Options;

/** Loaded on the first Zod 3 schema: a server of Zod 4 tools never pays its start-up time. */
let library: typeof ZodToJsonSchema | undefined;
function zodToJsonSchemaLibrary(): typeof ZodToJsonSchema {
  return (library ??= createRequire(import.meta.url)('zod-to-json-schema') as typeof ZodToJsonSchema);
}

export function fromZod3(schema: z3.ZodTypeAny, side: SchemaSide, owner: string): Record<string, unknown> {
  inspectZod3(schema, side, owner);
  const json = zodToJsonSchemaLibrary().zodToJsonSchema(schema, {
    // Draft 7, not 2019-09: for 2019-09 it writes `exclusiveMinimum: true` beside `minimum` (draft 4's form).
    target: 'jsonSchema7',
    $refStrategy: 'root',
    override,
    // A refinement's or preprocess's output is its inner schema's; a transform's is refused below.
    effectStrategy: 'input',
    pipeStrategy: side,
    removeAdditionalStrategy: 'strict',
    allowedAdditionalProperties: undefined,
  }) as Record<string, unknown>;
  toDraft2020(json);
  return json;
}

/** Where zod-to-json-schema's own output is wrong for a tool schema, writes the part itself. */
const override: NonNullable<Options['override']> = (def, refs, seen, forceResolution) => {
  const { typeName, value } = def as { typeName?: string; value?: unknown };
  // It writes z.literal(null) as `{ type: "object" }`, which refuses null.
  if (typeName === 'ZodLiteral' && value === null) return withDescription({ type: 'null', const: null }, def);
  if (seen === undefined || forceResolution) return zodToJsonSchemaLibrary().ignoreOverride;
  // With `$refStrategy: 'root'` every schema met again becomes a `$ref` to its first place. Only a
  // cycle, where the schema met again is one of its own ancestors, needs one; any other reuse is
  // written out again, as Zod 4 does.
  const cycle = seen.path.every((step, i) => refs.currentPath[i] === step);
  return cycle ? { $ref: toPointer(seen.path) } : zodToJsonSchemaLibrary().parseDef(def, refs, true);
};

function withDescription(json: Record<string, unknown>, def: z3.ZodTypeDef): Record<string, unknown> {
  return def.description === undefined ? json : { ...json, description: def.description };
}

/** `['#', 'properties', 'a/b']` -> `#/properties/a~1b` (RFC 6901); zod-to-json-schema joins the steps unescaped. */
function toPointer([root, ...steps]: string[]): string {
  return [root, ...steps.map((step) => encodeURIComponent(step.replaceAll('~', '~0').replaceAll('/', '~1')))].join('/');
}

/**
 * zod-to-json-schema writes tuples as `items: [...]`, `additionalItems` (invalid in 2020-12, the
 * dialect tool schemas default to); rewrites them, in place, as `prefixItems`, `items` like Zod 4.
 */
function toDraft2020(node: unknown): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const schema = node as Record<string, unknown>;
  if (Array.isArray(schema.items)) {
    const { additionalItems } = schema;
    schema.prefixItems = schema.items;
    if (additionalItems === undefined) delete schema.items;
    else schema.items = additionalItems;
    delete schema.additionalItems;
  }
  for (const key of ['items', 'additionalProperties', 'propertyNames', 'not', 'unevaluatedProperties']) {
    toDraft2020(schema[key]);
  }
  for (const key of ['prefixItems', 'anyOf', 'allOf', 'oneOf']) {
    if (Array.isArray(schema[key])) for (const child of schema[key]) toDraft2020(child);
  }
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs']) {
    const children = schema[key];
    if (typeof children === 'object' && children !== null) for (const child of Object.values(children)) toDraft2020(child);
  }
}

/** Walks a Zod 3 schema and throws on a part JSON Schema cannot hold. */
function inspectZod3(root: z3.ZodTypeAny, side: SchemaSide, owner: string): void {
  const onPath = new Set<unknown>();
  const visit = (schema: z3.ZodTypeAny, steps: string[]): void => {
    if (onPath.has(schema)) return;
    // zod-to-json-schema does not know Zod 4 and would write `{}` for this field.
    if (isZod4(schema)) {
      throw refuseField(owner, steps, 'a Zod 4 schema inside a Zod 3 schema; use one Zod version per tool');
    }
    const def = schema._def as Record<string, unknown> & { typeName: string };
    const kind = unrepresentable(def, side);
    if (kind !== undefined) throw refuseField(owner, steps, `${kind} cannot be represented in JSON Schema`);
    onPath.add(schema);
    for (const [child, step] of zod3Children(schema, def, side)) visit(child, step === undefined ? steps : [...steps, step]);
    onPath.delete(schema);
  };
  visit(root, []);
}

function unrepresentable(def: Record<string, unknown> & { typeName: string }, side: SchemaSide): string | undefined {
  if (def.typeName === 'ZodLiteral' && typeof def.value === 'bigint') return 'BigInt literals';
  if (def.typeName === 'ZodLiteral' && def.value === undefined) return 'Literal `undefined`';
  if (side === 'output' && def.typeName === 'ZodEffects' && (def.effect as { type: string }).type === 'transform') {
    return 'Transforms';
  }
  return Object.hasOwn(zod3Unrepresentable, def.typeName) ? zod3Unrepresentable[def.typeName] : undefined;
}

/** A child schema and the step that leads to it: a key, `[]` for any element, or none (a wrapper). */
type Child = [z3.ZodTypeAny, string | undefined];

function zod3Children(
  schema: z3.ZodTypeAny,
  def: Record<string, unknown> & { typeName: string },
  side: SchemaSide,
): Child[] {
  const inner = (key: string, step?: string): Child[] => [[def[key] as z3.ZodTypeAny, step]];
  switch (def.typeName) {
    case 'ZodObject': {
      const shape = (schema as z3.AnyZodObject).shape as Record<string, z3.ZodTypeAny>;
      return Object.entries(shape).map(([key, value]): Child => [value, key]);
    }
    case 'ZodArray':
      return inner('type', '[]');
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
      return inner('innerType');
    case 'ZodBranded':
      return inner('type');
    case 'ZodEffects':
      return inner('schema');
    case 'ZodPipeline':
      return inner(side === 'input' ? 'in' : 'out');
    case 'ZodLazy':
      return [[(def.getter as () => z3.ZodTypeAny)(), undefined]];
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return [...(def.options as Iterable<z3.ZodTypeAny>)].map((option): Child => [option, undefined]);
    case 'ZodIntersection':
      return [...inner('left'), ...inner('right')];
    case 'ZodRecord':
      return inner('valueType', '[]');
    case 'ZodTuple': {
      const items = (def.items as z3.ZodTypeAny[]).map((item): Child => [item, '[]']);
      return def.rest ? [...items, ...inner('rest', '[]')] : items;
    }
    default:
      return [];
  }
}
