// A tool's input schema in the form each model API takes, made once per schema and reused; and the
// arguments a strict-mode declaration made the model send, taken back to the tool's own schema.
import { isSchema, type Schema } from '../schema/json-schema/nodes.js';
import { applyProfile, dropAddedNulls } from '../schema/json-schema/profiles.js';
import { strictForm } from '../schema/json-schema/strict-form.js';

/** `plain`: the schema as tools/list gives it; `openai`: its strict form where it has one; `gemini`: that profile. */
export type Form = 'plain' | 'openai' | 'gemini';

const made = new WeakMap<object, Map<Form, { schema: Schema; strict: boolean }>>();

export function schemaFor(inputSchema: Schema, form: Form): { schema: Schema; strict: boolean } {
  let forms = made.get(inputSchema);
  if (forms === undefined) made.set(inputSchema, (forms = new Map()));
  let out = forms.get(form);
  if (out === undefined) {
    out = makeSchema(inputSchema, form);
    forms.set(form, out);
  }
  return out;
}

function makeSchema(inputSchema: Schema, form: Form): { schema: Schema; strict: boolean } {
  // Without `$schema`: the APIs know the dialect, and Gemini's SDK sends a schema that names it elsewhere.
  const { $schema: _dialect, ...plain } = inputSchema;
  if (form === 'gemini') return { schema: applyProfile(plain, 'gemini'), strict: false };
  if (form === 'plain') return { schema: plain, strict: false };
  const strict = strictForm(plain);
  return strict === undefined ? { schema: plain, strict: false } : { schema: strict, strict: true };
}

/** The model's arguments for a tool declared strict, without the nulls strict mode made it send for fields left out. */
export function argumentsFromStrict(inputSchema: Schema | undefined, args: unknown): unknown {
  if (inputSchema === undefined || !isSchema(args) || !schemaFor(inputSchema, 'openai').strict) return args;
  return dropAddedNulls(schemaFor(inputSchema, 'plain').schema, args);
}
