// The arguments a model sent, as tools/call takes them: an object as it is, the JSON text of one
// parsed (OpenAI's APIs send text). Anything else is answered as the server answers bad arguments:
// an `isError` result in the same words, which the model reads and corrects.
import type { CallToolResult } from '../../schemas/tools.js';

export type Parsed =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly why: string };

/** `undefined`, `null` and `""` are no arguments; an object is kept; a text is parsed as JSON. */
export function parseArguments(args: unknown): Parsed {
  if (args === undefined || args === null || args === '') return { ok: true, value: {} };
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch (error) {
      return { ok: false, why: `not JSON: ${(error as Error).message}` };
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return { ok: true, value: value as Record<string, unknown> };
  return { ok: false, why: `expected an object, got ${Array.isArray(value) ? 'an array' : kindOf(value)}` };
}

/** A result the model reads as the tool's failure. */
export function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'string' ? `a string` : `a ${typeof value}`;
}
