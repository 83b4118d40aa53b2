// What a tool schema may not hold, found before any conversion runs, and how a refusal names its field.
import { z } from 'zod/v4';
import { find, holdsItself, type SchemaSide } from '../walk.js';
import { isZod3, isZod4 } from '../zod.js';

/**
 * Zod 3 kinds that zod-to-json-schema writes as `{}` or a lookalike silently; Zod 4 refuses them, and so do we, in Zod
 * 4's words.
 */
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

/**
 * How many schemas deep a tool schema may nest: far beyond what a model reads, and far inside what
 * the converters' recursion (and Zod's own checks) can take on Node's default stack.
 */
export const MAX_SCHEMA_DEPTH = 256;

/**
 * Throws, naming `owner` and the field, on the first part of `root` that cannot be converted: a part
 * of the other Zod version (z.toJSONSchema crashes on a Zod 3 part; zod-to-json-schema writes `{}`
 * for a Zod 4 one), and the Zod 3 kinds zod-to-json-schema gets wrong. Zod 4's own unrepresentable
 * kinds are refused by z.toJSONSchema itself, through the same `refuseField`.
 */
export function checkConvertible(root: unknown, side: SchemaSide, owner: string): void {
  const zod4 = isZod4(root);
  const refusal = find(
    root,
    (part, path, depth) => {
      const reason =
        depth > MAX_SCHEMA_DEPTH
          ? `schemas nest more than ${MAX_SCHEMA_DEPTH} deep; no client or model reads a schema this deep`
          : zod4
            ? (refusalInZod4(part) ?? refusalOfLazy(part, side))
            : (refusalInZod3(part, side) ?? refusalOfLazy(part, side));
      if (reason === undefined) return undefined;
      return { path: depth > MAX_SCHEMA_DEPTH && path.length > 12 ? [...path.slice(0, 12), '…'] : path, reason };
    },
    side,
  );
  if (refusal !== undefined) throw refuseField(owner, refusal.path, refusal.reason);
}

function refusalOfLazy(part: unknown, side: SchemaSide): string | undefined {
  const lazy = isZod4(part)
    ? part._zod.def.type === 'lazy'
    : isZod3(part) && (part._def as { typeName?: string }).typeName === 'ZodLazy';
  if (!lazy || !holdsItself(part, side)) return undefined;
  return (
    'a lazy schema that holds itself with no field or element between (z.lazy(() => itself), or a union ' +
    'holding itself): checking a value against it never ends'
  );
}

function refusalInZod4(part: unknown): string | undefined {
  if (isZod3(part)) return 'a Zod 3 schema inside a Zod 4 schema; use one Zod version per tool';
  if (!isZod4(part)) return 'not a Zod schema';
  return refusalOfCopy(part._zod.version);
}

/**
 * A Zod 4 schema made by another copy of zod than the server's: its `.describe()` texts live in a
 * registry the server does not read (before zod 4.1) and its internals may differ, so its fields
 * would reach tools/list without their descriptions, or not convert. zod is a peer dependency, so
 * an app normally has one copy; two mean a duplicated install.
 */
function refusalOfCopy(theirs: { major: number; minor: number; patch: number } | undefined): string | undefined {
  const ours = z.core.version;
  if (
    theirs === undefined ||
    (theirs.major === ours.major && theirs.minor === ours.minor && theirs.patch === ours.patch)
  )
    return undefined;
  const text = (version: typeof theirs) => `${version.major}.${version.minor}.${version.patch}`;
  return (
    `made by zod ${text(theirs)}, but the server reads schemas with zod ${text(ours)}: two copies of zod are ` +
    `installed. zod-mcp uses the app's zod (a peer dependency): install one version (\`npm ls zod\`, then \`npm ` +
    `dedupe\` or one version in package.json)`
  );
}

function refusalInZod3(part: unknown, side: SchemaSide): string | undefined {
  if (isZod4(part)) return 'a Zod 4 schema inside a Zod 3 schema; use one Zod version per tool';
  if (!isZod3(part)) return 'not a Zod schema';
  const def = part._def as Record<string, unknown> & { typeName: string };
  if (def.typeName === 'ZodLiteral' && typeof def.value === 'bigint')
    return 'BigInt literals cannot be represented in JSON Schema';
  if (def.typeName === 'ZodLiteral' && def.value === undefined)
    return 'Literal `undefined` cannot be represented in JSON Schema';
  if (side === 'output' && def.typeName === 'ZodEffects' && (def.effect as { type: string }).type === 'transform') {
    return 'Transforms cannot be represented in JSON Schema';
  }
  const kind = Object.hasOwn(zod3Unrepresentable, def.typeName) ? zod3Unrepresentable[def.typeName] : undefined;
  return kind === undefined ? undefined : `${kind} cannot be represented in JSON Schema`;
}

/** `["a", "[]", "b"]` -> `a[].b`; `[]` stands for any element of an array, tuple or record. */
export function formatField(steps: readonly string[]): string {
  let out = '';
  for (const step of steps) out += step === '[]' || !out ? step : `.${step}`;
  return out || '(root)';
}

/** e.g. `tool "t" input: field "a[].b": Set cannot be represented in JSON Schema`. */
export function refuseField(owner: string, steps: readonly string[], reason: string): TypeError {
  return new TypeError(`${owner}: field "${formatField(steps)}": ${reason}`);
}
