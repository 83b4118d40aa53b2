import { defineTool } from '../../src/features/tools/define.js';
import { toJsonSchema } from '../../src/schema/json-schema/index.js';
import type { AnyObjectSchema } from '../../src/schema/zod.js';

/** The inputSchema tools/list would carry for a tool named `t` with this input. */
export function inputSchemaOf(input: AnyObjectSchema): unknown {
  return defineTool({ name: 't', description: 'test tool', input, handler: () => 'ok' }).descriptor.inputSchema;
}

/** The outputSchema tools/list would carry for a tool named `t` with this output. */
export function outputSchemaOf(output: AnyObjectSchema): unknown {
  return toJsonSchema(output, 'output', 'tool "t" output');
}

/** The message `defineTool` throws for this input schema (fails the test when it does not throw). */
export function refusalOf(input: AnyObjectSchema): string {
  try {
    inputSchemaOf(input);
  } catch (error) {
    return error instanceof TypeError ? error.message : `not a TypeError: ${String(error)}`;
  }
  throw new Error('defineTool accepted the schema');
}
