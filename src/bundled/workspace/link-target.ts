// Where a link met by a walk leads, when that is inside the root: its real path and how it prints.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { printPath, printPathBytes } from './path-escape.js';
import type { Sandbox } from './sandbox.js';

export interface LinkTarget {
  readonly abs: Buffer;
  /** Relative to the root, as the tools print paths. */
  readonly shown: string;
}

const SEPARATOR = path.sep.charCodeAt(0);
const SLASH = Buffer.from('/');

/** The link's real target, or undefined when it leads out of the root or nowhere. */
export async function findLinkTarget(sandbox: Sandbox, link: Buffer): Promise<LinkTarget | undefined> {
  const abs = await realpath(link, { encoding: 'buffer' }).catch(() => undefined);
  if (abs === undefined) return undefined;
  const decoded = abs.toString('utf8');
  if (!sandbox.contains(decoded)) return undefined;
  if (Buffer.from(decoded).equals(abs)) return { abs, shown: printPath(sandbox.display(decoded)) };
  // Bytes that are not UTF-8 decode lossily: then the bytes themselves must start with the root's.
  const root = Buffer.from(sandbox.root);
  const start = root.at(-1) === SEPARATOR ? root.length : root.length + 1;
  if (abs.length < start || !abs.subarray(0, root.length).equals(root) || abs[start - 1] !== SEPARATOR)
    return undefined;
  const names: Buffer[] = [];
  let from = start;
  while (from <= abs.length) {
    const found = abs.indexOf(SEPARATOR, from);
    const end = found === -1 ? abs.length : found;
    names.push(abs.subarray(from, end));
    from = end + 1;
  }
  return {
    abs,
    shown: printPathBytes(Buffer.concat(names.flatMap((name, index) => (index === 0 ? [name] : [SLASH, name])))),
  };
}
