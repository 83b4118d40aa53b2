// `icons` and `_meta` as a server, tool, resource, template or prompt is given them, checked once when
// it is defined, against MCP's rules (2025-11-25 and 2026-07-28 "General fields": `icons`, `_meta`).
import { z } from 'zod/v4';
import type { Icon } from '../../schemas/common.js';
import { lazy } from '../../schemas/direction.js';
import { describeIssues, formatPath } from '../schema/issues.js';
import { ONCE } from '../schema/parse.js';
import { optionKeys, refuseUnknownOptions } from './options.js';

/** An image media type (RFC 6838 restricted names): what `mimeType` and a data: URI may name. */
const IMAGE_TYPE = /^image\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/i;
/** `data:<type>[;param=value]*;base64,<data>`: the spec's "data: URI with Base64-encoded image data". */
const DATA_URI = /^data:([^;,]*)((?:;[^;,]*)*),/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** `48x48` or `any`, as the spec writes sizes. */
const SIZE = /^(?:any|[1-9][0-9]*x[1-9][0-9]*)$/;

/**
 * Clients must refuse icons that are not https: or data: URIs (MCP "icons", security
 * considerations), so an http: icon would never be shown: it is refused here, where it is written.
 */
function iconSourceProblem(src: string): string | undefined {
  const data = DATA_URI.exec(src);
  if (data !== null) {
    const type = data[1]!;
    if (!IMAGE_TYPE.test(type))
      return `a data: URI must hold an image type (data:image/png;base64,...), not ${JSON.stringify(type)}`;
    const payload = src.slice(data[0].length);
    if (!/;base64$/i.test(data[2]!) || payload === '' || !BASE64.test(payload))
      return 'a data: URI must hold base64 image data (data:image/png;base64,...)';
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return 'must be an https: URL or a data: URI';
  }
  if (url.protocol !== 'https:') return `must be an https: URL or a data: URI, not ${url.protocol}`;
  if (url.username !== '' || url.password !== '')
    return 'must not carry a user name or password (clients fetch icons without credentials)';
  return undefined;
}

const IconOption = lazy(() =>
  z.object({
    src: z.string().superRefine((src, ctx) => {
      const problem = iconSourceProblem(src);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    }),
    mimeType: z.string().regex(IMAGE_TYPE, { error: 'must be an image type, e.g. "image/png"' }).optional(),
    sizes: z.array(z.string().regex(SIZE, { error: 'must be WIDTHxHEIGHT (e.g. "48x48") or "any"' })).optional(),
    theme: z.enum(['light', 'dark'], { error: 'must be "light" or "dark"' }).optional(),
  }),
);
const ICON_KEYS = optionKeys<Icon>({ src: true, mimeType: true, sizes: true, theme: true });

/**
 * The icons as they are sent (`src, mimeType?, sizes?, theme?`), or a TypeError naming the owner, the
 * icon and what is wrong with it: `tool "add": icons[0].src: must be an https: URL or a data: URI, not http:`.
 */
export function checkIcons(icons: unknown, owner: string): Icon[] | undefined {
  if (icons === undefined) return undefined;
  if (!Array.isArray(icons))
    throw new TypeError(`${owner}: icons must be an array of icons ({ src, mimeType?, sizes?, theme? })`);
  icons.forEach((icon, index) => refuseUnknownOptions(`${owner}: icons[${index}]`, icon, ICON_KEYS));
  const parsed = z.array(IconOption()).safeParse(icons, ONCE);
  if (!parsed.success) throw new TypeError(`${owner}: ${describeIssues(parsed.error.issues, 'icons')}`);
  return parsed.data.map(({ src, mimeType, sizes, theme }) => ({
    src,
    ...(mimeType === undefined ? {} : { mimeType }),
    ...(sizes === undefined ? {} : { sizes }),
    ...(theme === undefined ? {} : { theme }),
  }));
}

/** A prefix label: a letter first, a letter or digit last, letters, digits and hyphens between. */
const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
/** A name: empty, or a letter or digit at each end, letters, digits, `-`, `_` and `.` between. */
const NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;
/** Keys the specification reserves without a prefix: progress, and OpenTelemetry's trace context. */
const RESERVED_KEYS = new Set(['progressToken', 'traceparent', 'tracestate', 'baggage']);

/** What is wrong with a `_meta` key by MCP's rule (an optional `label.label/` prefix, then a name), if anything. */
function metaKeyProblem(key: string): string | undefined {
  const slash = key.indexOf('/');
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (slash !== -1) {
    const labels = key.slice(0, slash).split('.');
    const bad = labels.find((label) => !LABEL.test(label));
    if (bad !== undefined)
      return (
        `the prefix label ${JSON.stringify(bad)} must start with a letter and end with a letter or digit, ` +
        'with only letters, digits and "-" between'
      );
    const second = labels[1]?.toLowerCase();
    if (second === 'modelcontextprotocol' || second === 'mcp')
      return `the prefix "${key.slice(0, slash + 1)}" is reserved for MCP`;
  } else if (RESERVED_KEYS.has(key)) {
    return 'the key is reserved by MCP';
  }
  if (name.includes('/')) return 'a key holds one "/" at most, at the end of its prefix';
  if (!NAME.test(name))
    return (
      `the name ${JSON.stringify(name)} must begin and end with a letter or digit, with only letters, digits, ` +
      '"-", "_" and "." between'
    );
  return undefined;
}

/**
 * `_meta` as it is sent (a JSON copy made now), or a TypeError naming the owner and the first key
 * that breaks MCP's rules or is reserved for MCP: `tool "add": _meta["io.modelcontextprotocol/x"]: ...`.
 */
export function checkMeta(meta: unknown, owner: string): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(meta) ?? 'null');
  } catch (error) {
    throw new TypeError(`${owner}: _meta cannot be sent as JSON: ${(error as Error).message}`);
  }
  if (typeof copy !== 'object' || copy === null || Array.isArray(copy))
    throw new TypeError(`${owner}: _meta must be an object`);
  for (const key of Object.keys(copy)) {
    const problem = metaKeyProblem(key);
    if (problem !== undefined) throw new TypeError(`${owner}: ${formatPath(['_meta', key])}: ${problem}`);
  }
  return copy as Record<string, unknown>;
}
