// A prompt's return value -> GetPromptResult. Wire key order: description?, messages, _meta?.
import { z } from 'zod/v4';
import { GetPromptResult, PromptMessage } from '../../../schemas/prompts.js';
import { lazy } from '../../../schemas/direction.js';
import { describeIssues } from '../../schema/issues.js';

/** One user message of text (a string), messages, or a whole GetPromptResult. */
export type GetReturn = string | readonly PromptMessage[] | GetPromptResult;

const Messages = lazy(() => z.array(PromptMessage()));

/** Shapes what `get` returned; anything else is the prompt's bug: an Error naming it (-32603 on the wire). */
export function toPromptResult(value: unknown, owner: string): GetPromptResult {
  if (typeof value === 'string') return { messages: [{ role: 'user', content: { type: 'text', text: value } }] };
  if (Array.isArray(value)) {
    const messages = Messages().safeParse(value);
    if (!messages.success)
      throw new Error(`${owner}: get returned invalid messages: ${describeIssues(messages.error.issues, 'messages')}`);
    return { messages: messages.data };
  }
  const result = GetPromptResult().safeParse(value);
  if (!result.success) {
    const what =
      value === null
        ? 'null'
        : typeof value === 'object'
          ? `an invalid result (${describeIssues(result.error.issues)})`
          : typeof value;
    throw new Error(`${owner}: get returned ${what}`);
  }
  const { description, messages, _meta } = result.data;
  return { ...(description === undefined ? {} : { description }), messages, ...(_meta === undefined ? {} : { _meta }) };
}
