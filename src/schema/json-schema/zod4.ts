// Zod 4 schemas -> JSON Schema, through z.toJSONSchema.
import { z } from 'zod';
import type { SchemaSide } from '../walk.js';
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
  }) as Record<string, unknown>;
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
