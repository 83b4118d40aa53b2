// Zod 3 (`zod/v3`) schemas -> JSON Schema, through zod-to-json-schema, fixing what it writes wrong for
// tool schemas. What it cannot write at all is refused before it runs (refusals.ts).
import { builtinModule } from '../../runtime/host.js';
import type * as ZodToJsonSchema from 'zod-to-json-schema';
import type * as z3 from 'zod/v3';
import type { SchemaSide } from '../walk.js';
import { writePatternFlags } from './pattern-flags.js';

type Options = ZodToJsonSchema.Options;

/**
 * Loaded on the first Zod 3 schema, in the middle of defineTool (synchronous), through
 * node:module's require: a server of Zod 4 tools never pays its start-up time. A runtime with no
 * `process.getBuiltinModule` (a worker) has no such require: Zod 4 schemas work there.
 */
let library: typeof ZodToJsonSchema | undefined;
function zodToJsonSchemaLibrary(): typeof ZodToJsonSchema {
  if (library !== undefined) return library;
  const nodeModule = builtinModule<{ createRequire(from: string): (id: string) => unknown }>('node:module');
  if (nodeModule === undefined) {
    throw new TypeError(
      'a Zod 3 schema needs zod-to-json-schema, which this runtime cannot load synchronously (it has no ' +
        'process.getBuiltinModule): write the schema with Zod 4 (zod/v4)',
    );
  }
  return (library = nodeModule.createRequire(import.meta.url)('zod-to-json-schema') as typeof ZodToJsonSchema);
}

export function fromZod3(schema: z3.ZodTypeAny, side: SchemaSide): Record<string, unknown> {
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
  // It drops a regex's flags (its own applyRegexFlags lowercases `\W` into `\w`); written here as pattern-flags.ts
  // does.
  if (typeName === 'ZodString' && !forceResolution) {
    const regexes = ((def as { checks?: { kind: string; regex?: RegExp }[] }).checks ?? []).flatMap((check) =>
      check.kind === 'regex' && check.regex ? [check.regex] : [],
    );
    if (regexes.some((regex) => /[ims]/.test(regex.flags))) {
      const json = zodToJsonSchemaLibrary().parseDef(def, refs, true) as Record<string, unknown>;
      writePatternFlags(json, regexes);
      return json;
    }
  }
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
    if (typeof children === 'object' && children !== null)
      for (const child of Object.values(children)) toDraft2020(child);
  }
}
