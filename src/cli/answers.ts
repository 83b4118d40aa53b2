// What `zod-mcp call` answers when the tool asks the user (an elicitation form, 2026's MRTR or a
// 2025 request): the `--answer field=value` given, else a question on the terminal when there is
// one, else a failure naming the question and the fields it wants.
import type { Answer, Question } from '../client/client.js';
import { coerceValue, typesOf } from './coerce.js';
import { CommandFailure, UsageError } from './usage-error.js';

type Schema = Record<string, unknown>;
/** The user's terminal: what to show them, and a line they type. */
export interface Terminal {
  write(text: string): void;
  question(prompt: string): Promise<string>;
}

/** `--answer` values by field; `terminal` when a terminal can ask for the rest. */
export function answerer(given: readonly string[], terminal: Terminal | undefined): Answer {
  const answers = new Map<string, string>();
  for (const pair of given) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw new UsageError(`call: --answer ${JSON.stringify(pair)}: give it as field=value`);
    answers.set(pair.slice(0, equals), pair.slice(equals + 1));
  }
  return async (question) => {
    if (question.method !== 'elicitation/create') {
      throw new CommandFailure(`call: the server asks for ${question.method}, which zod-mcp call cannot answer`);
    }
    return answerForm(question, answers, terminal);
  };
}

/**
 * A form's answer: `accept` with every field given or asked; `decline` or `cancel` when the answer
 * to the question's key (`--answer confirm=decline`) says so.
 */
async function answerForm(question: Question, answers: Map<string, string>, terminal: Terminal | undefined) {
  const { message, requestedSchema } = question.params as { message?: string; requestedSchema?: Schema };
  const action = question.key === undefined ? undefined : answers.get(question.key);
  if (action === 'decline' || action === 'cancel') return { action };
  const properties = (requestedSchema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((requestedSchema?.required ?? []) as string[]);
  const missing = Object.keys(properties).filter((field) => required.has(field) && !answers.has(field));
  if (missing.length > 0 && terminal === undefined) {
    const fields = Object.entries(properties).map(([field, schema]) => describeField(field, schema, required));
    throw new CommandFailure(
      `call: the tool asks ${JSON.stringify(message ?? '')} and there is no terminal to ask on: answer with ` +
        `${missing.map((field) => `--answer ${field}=…`).join(' ')} (fields: ${fields.join('; ')})`,
    );
  }
  if (terminal !== undefined && message !== undefined) terminal.write(`${message}\n`);
  const content: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(properties)) {
    const text = answers.get(field);
    while (text === undefined && terminal !== undefined) {
      const typed = await terminal.question(`  ${describeField(field, schema, required)}: `);
      if (typed === '' && !required.has(field)) break;
      try {
        content[field] = read(field, schema, typed);
        break;
      } catch (error) {
        terminal.write(`  ${(error as Error).message}\n`);
      }
    }
    if (text !== undefined) content[field] = read(field, schema, text);
  }
  return { action: 'accept', content };
}

/** A form field's value: booleans also as yes/no, the rest as the call's arguments are read. */
function read(field: string, schema: Schema, text: string): unknown {
  if (typesOf(schema).includes('boolean') && /^(y|yes|n|no)$/i.test(text)) return /^y/i.test(text);
  const value = coerceValue(field, schema, text);
  const choices = schema.enum as unknown[] | undefined;
  if (Array.isArray(choices) && !choices.includes(value))
    throw new UsageError(`${field}: one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}`);
  return value;
}

function describeField(field: string, schema: Schema, required: ReadonlySet<string>): string {
  const choices = Array.isArray(schema.enum) ? ` ${schema.enum.map((value) => JSON.stringify(value)).join('|')}` : '';
  const title = typeof schema.title === 'string' ? ` "${schema.title}"` : '';
  return `${field}${title} (${typesOf(schema).join('|') || 'any'}${choices}${required.has(field) ? ', required' : ''})`;
}
