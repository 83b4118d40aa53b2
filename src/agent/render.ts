// A tool's result as a model reads it: its text, images where the model API takes them, and the
// structured result as JSON when no text block carries it already (MCP asks a tool that returns
// `structuredContent` to put its JSON in a text block too; not every tool does).
import type { CallToolResult } from '../../schemas/tools.js';

export type Part = { readonly type: 'text'; readonly text: string } | ImagePart;
export interface ImagePart {
  readonly type: 'image';
  readonly mimeType: string;
  /** Base64, as MCP carries it. */
  readonly data: string;
}

/** The text of a result that is one text block and nothing else: the common case, answered as it is. */
export function soleText(result: CallToolResult): string | undefined {
  const only = result.content?.length === 1 ? result.content[0] : undefined;
  return only?.type === 'text' && result.structuredContent === undefined ? only.text : undefined;
}

/** Parts that are all text, as one text (each API reads one as well as several); undefined when one is not. */
export function textOf(parts: readonly { readonly type: string; readonly text?: string }[]): string | undefined {
  return parts.every((part) => part.type === 'text') ? parts.map((part) => part.text).join('\n') : undefined;
}

/** The result's parts in order; an image becomes a text naming it unless `images` is true. */
export function renderParts(result: CallToolResult, images: boolean): Part[] {
  const sole = soleText(result);
  if (sole !== undefined) return [{ type: 'text', text: sole }];
  const parts: Part[] = [];
  for (const block of result.content ?? []) {
    if (block.type === 'image' && images) parts.push({ type: 'image', mimeType: block.mimeType, data: block.data });
    else parts.push({ type: 'text', text: blockText(block) });
  }
  const structured = result.structuredContent;
  if (structured !== undefined && !parts.some((part) => part.type === 'text' && holdsJson(part.text, structured)))
    parts.push({ type: 'text', text: JSON.stringify(structured) });
  return joinTexts(parts.filter((part) => part.type !== 'text' || part.text !== '')); // an API may refuse an empty text
}

/** The result as one text: what a model API that takes only text is given. */
export function renderText(result: CallToolResult): string {
  return soleText(result) ?? textOf(renderParts(result, false)) ?? '';
}

type Block = CallToolResult['content'][number];

function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image: ${block.mimeType}]`;
    case 'audio':
      return `[audio: ${block.mimeType}]`;
    case 'resource_link':
      return `[resource: ${block.uri}${(block.title ?? block.name) ? ` (${block.title ?? block.name})` : ''}]`;
    case 'resource': {
      const { resource } = block;
      if ('text' in resource && typeof resource.text === 'string') return resource.text;
      return `[resource: ${resource.uri}${resource.mimeType === undefined ? '' : ` (${resource.mimeType})`}]`;
    }
  }
}

function holdsJson(text: string, value: unknown): boolean {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** Neighbouring texts as one, joined by a line break: each API reads one text block as well as several. */
function joinTexts(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (part.type === 'text' && last?.type === 'text')
      out[out.length - 1] = { type: 'text', text: `${last.text}\n${part.text}` };
    else out.push(part);
  }
  return out;
}
