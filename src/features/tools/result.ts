// A handler's return value -> CallToolResult. Wire key order: content, structuredContent?, isError, _meta?.
import { z } from 'zod/v4';
import { ContentBlock } from '../../../schemas/common.js';
import { CallToolResult } from '../../../schemas/tools.js';
import { lazy } from '../../../schemas/direction.js';
import { describeIssues } from '../../schema/issues.js';
import { isThenable } from '../../core/maybe-async.js';
import { parse } from '../../schema/parse.js';
import type { ParseResult } from '../../schema/zod.js';
import type { Tool } from './define.js';

const ContentBlocks = lazy(() => z.array(ContentBlock()));

/**
 * A tool-level failure: a normal result the model reads and recovers from (MCP "Tools", error handling: the result, not
 * the frame).
 */
export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export function toolText(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: false };
}

/**
 * Checks and shapes what the handler returned; anything else becomes an `isError` result saying why.
 * Synchronous unless the output schema runs the author's own functions.
 */
export function toCallToolResult(tool: Tool, value: unknown): CallToolResult | Promise<CallToolResult> {
  if (tool.output !== undefined) return toStructuredResult(tool.name, parse(tool.output, value, tool.asyncOutput));
  if (typeof value === 'string') return toolText(value);
  if (Array.isArray(value)) {
    const blocks = ContentBlocks().safeParse(value);
    if (blocks.success) return { content: blocks.data, isError: false };
    return toolError(`tool ${tool.name} returned invalid content blocks: ${describeIssues(blocks.error.issues)}`);
  }
  if (typeof value === 'object' && value !== null && 'content' in value) {
    const result = CallToolResult().safeParse(value);
    if (!result.success) {
      return toolError(`tool ${tool.name} returned an invalid CallToolResult: ${describeIssues(result.error.issues)}`);
    }
    const { content, structuredContent, isError, _meta } = result.data;
    return {
      content,
      ...(structuredContent === undefined ? {} : { structuredContent }),
      isError: isError ?? false,
      ...(_meta === undefined ? {} : { _meta }),
    };
  }
  return toolError(
    `tool ${tool.name} returned ${describeValue(value)}; a handler returns a string, an array of content blocks or ` +
      'a CallToolResult',
  );
}

function toStructuredResult(
  name: string,
  parsed: ParseResult | Promise<ParseResult>,
): CallToolResult | Promise<CallToolResult> {
  return isThenable(parsed) ? parsed.then((late) => structuredResult(name, late)) : structuredResult(name, parsed);
}

function structuredResult(name: string, parsed: ParseResult): CallToolResult {
  if (!parsed.ok) {
    return toolError(
      `tool ${name} returned a value that does not match its output schema: ${describeIssues(parsed.issues)}`,
    );
  }
  const structuredContent = parsed.value as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent, isError: false };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object without "content"' : typeof value;
}
