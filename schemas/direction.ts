// How a contract schema is declared. Each is built on its first use and kept, so importing the
// package builds none and a server builds only those of what it serves (docs/performance.md, "The
// core's import"); and each says whether it describes what the server sends. The JSON Schema files
// (npm run schemas) describe those as Zod parses them out, the rest as Zod accepts them.
import type { z } from 'zod/v4';

const sentSchemas = new WeakSet<z.ZodType>();

/** A value built by `build` on the first call, the same one on every later call. */
export function lazy<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** A schema of what the server sends (results, notifications it emits, error objects), built on first use. */
export function sent<T extends z.ZodType>(build: () => T): () => T {
  return lazy(() => {
    const schema = build();
    sentSchemas.add(schema);
    return schema;
  });
}

export function isSentByServer(schema: z.ZodType): boolean {
  return sentSchemas.has(schema);
}

/** A module of the contract as it is read: each schema built (on its first read), each constant as it is. */
export type Built<M> = {
  readonly [K in keyof M]: M[K] extends () => infer S ? (S extends z.ZodType ? S : M[K]) : M[K];
};

/**
 * The contract's modules as one object whose schemas are built when first read: enumerable getters
 * for the schemas, the constants as they are. Reading every property builds every schema.
 */
export function builtOnRead<M extends object>(module: M): Built<M> {
  const built = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(module)) {
    if (typeof value === 'function') Object.defineProperty(built, key, { get: value, enumerable: true });
    else Object.defineProperty(built, key, { value, enumerable: true });
  }
  return Object.freeze(built) as Built<M>;
}
