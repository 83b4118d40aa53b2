// A JSON Schema as plain data: what the profiles walk (an object of keywords), and `$ref`s within it.

export type Schema = Record<string, unknown>;

export const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const mapValues = (record: unknown, map: (value: unknown) => unknown) =>
  isSchema(record) ? Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)])) : record;

/** `{ $ref: '#/$defs/a' }` -> the schema it points at, within `root`; anything else as it is. */
export function resolveRef(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && current.$ref.startsWith('#') && hops < 32; hops++) {
    let target: unknown = root;
    for (const step of current.$ref.slice(1).split('/').filter(Boolean)) {
      target = isSchema(target)
        ? target[decodeURIComponent(step).replaceAll('~1', '/').replaceAll('~0', '~')]
        : undefined;
    }
    if (!isSchema(target)) break;
    current = target;
  }
  return current;
}
