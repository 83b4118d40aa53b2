// Zod 4 schemas -> JSON Schema, through z.toJSONSchema.
import { z } from 'zod/v4';
import type { SchemaSide } from '../walk.js';
import { writePatternFlags } from './pattern-flags.js';
import { refuseField } from './refusals.js';

export function fromZod4(schema: z.core.$ZodType, side: SchemaSide, owner: string): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: side,
    reused: 'inline',
    cycles: 'ref',
    unrepresentable: ({ path, message }) => {
      throw refuseField(owner, fieldSteps(path), message);
    },
    override: ({ zodSchema, jsonSchema }) =>
      writePatternFlags(jsonSchema as Record<string, unknown>, patternsOf(zodSchema)),
  }) as Record<string, unknown>;
}

/** A string schema's regular expressions: its checks' (Zod 4.6 reads these), and its bag's (earlier 4.x). */
function patternsOf(schema: z.core.$ZodType): RegExp[] {
  const { def, bag } = schema._zod as { def: { checks?: z.core.$ZodCheck[] }; bag: { patterns?: Set<RegExp> } };
  const checks: unknown[] = [schema, ...(def.checks ?? [])];
  const fromChecks = checks.flatMap((check) => {
    const pattern = (check as { _zod?: { def?: { pattern?: unknown } } })._zod?.def?.pattern;
    return pattern instanceof RegExp ? [pattern] : [];
  });
  return [...fromChecks, ...(bag.patterns ?? [])];
}

/** `["properties", "a", "items", "properties", "b"]` -> `["a", "[]", "b"]`. */
function fieldSteps(jsonPath: readonly (string | number)[]): string[] {
  const steps: string[] = [];
  for (let i = 0; i < jsonPath.length; i++) {
    const step = jsonPath[i];
    if (step === 'properties' || step === 'patternProperties') steps.push(String(jsonPath[++i]));
    else if (step === 'items' || step === 'prefixItems' || step === 'additionalProperties') steps.push('[]');
  }
  return steps;
}
