// A read's return value -> ReadResourceResult. Wire key order: uri, mimeType?, text | blob, _meta?.
import { z } from 'zod/v4';
import { ResourceContents, type ReadResourceResult } from '../../../schemas/resources.js';
import { lazy } from '../../../schemas/direction.js';
import { describeIssues } from '../../schema/issues.js';
import { toBase64 } from '../../runtime/bytes.js';

/** Text (a string), bytes (a Uint8Array or Buffer), contents of its own, or a whole ReadResourceResult. */
export type ReadReturn = string | Uint8Array | readonly ResourceContents[] | ReadResourceResult;

const ContentsList = lazy(() => z.array(ResourceContents()).min(1));

/**
 * Shapes what a read returned. Anything else is the resource's bug: an Error naming it, which the
 * client sees as -32603 and the server's reporter in full. An empty `contents` is such a bug too:
 * a resource that is not there is "not found", never an empty read (SEP-2164).
 */
export function toReadResult(
  uri: string,
  mimeType: string | undefined,
  value: unknown,
  owner: string,
): ReadResourceResult {
  if (typeof value === 'string')
    return { contents: [{ uri, ...(mimeType === undefined ? {} : { mimeType }), text: value }] };
  if (value instanceof Uint8Array) {
    const blob = toBase64(value);
    return { contents: [{ uri, ...(mimeType === undefined ? {} : { mimeType }), blob }] };
  }
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && 'contents' in value
      ? (value as { contents: unknown }).contents
      : undefined;
  if (list === undefined) {
    throw new Error(
      `${owner}: read returned ${value === null ? 'null' : typeof value}; it returns a string, bytes, or contents`,
    );
  }
  const parsed = ContentsList().safeParse(list);
  if (!parsed.success)
    throw new Error(`${owner}: read returned invalid contents: ${describeIssues(parsed.error.issues, 'contents')}`);
  const meta = Array.isArray(value) ? undefined : (value as { _meta?: unknown })._meta;
  const contents = parsed.data.map((item) => {
    const { uri: itemUri, mimeType: itemType, _meta: itemMeta } = item;
    const body = 'text' in item ? { text: item.text } : { blob: item.blob };
    return {
      uri: itemUri,
      ...(itemType === undefined ? {} : { mimeType: itemType }),
      ...body,
      ...(itemMeta === undefined ? {} : { _meta: itemMeta }),
    };
  });
  return meta === undefined ? { contents } : { contents, _meta: meta as Record<string, unknown> };
}
