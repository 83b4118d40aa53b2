// The workspace sandbox: every path a tool touches is resolved here and must stay inside the root.
import { realpathSync, statSync } from 'node:fs';
import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

/** A path resolved to where it really lives: no `..`, no symbolic links, inside the root. */
export interface ResolvedPath {
  /**
   * Absolute real path (for a path that does not exist yet: its nearest existing parent's real path, plus the rest).
   */
  readonly abs: string;
  /** The same path relative to the root, with `/` separators; `.` for the root itself. */
  readonly rel: string;
  readonly exists: boolean;
}

export interface Sandbox {
  /** The root's real path. */
  readonly root: string;
  /** Resolves a path given by the model; throws an Error naming the rule it breaks. */
  resolve(input: string): Promise<ResolvedPath>;
  /** True when an absolute real path is the root or below it, compared by path components. */
  contains(abs: string): boolean;
  /** An absolute path inside the root, as the model sees it: relative, `/`-separated. */
  display(abs: string): string;
}

// Linux's own limit on links followed while resolving one path (ELOOP past it).
const MAX_LINK_HOPS = 40;

/** Fixes the root at its real path now, so a bad root fails at start-up. */
export function createSandbox(root: string): Sandbox {
  let realRoot: string;
  try {
    realRoot = realpathSync(path.resolve(root));
  } catch {
    throw new TypeError(`workspace root ${JSON.stringify(root)} does not exist`);
  }
  if (!statSync(realRoot).isDirectory())
    throw new TypeError(`workspace root ${JSON.stringify(root)} is not a directory`);
  const givenRoot = path.resolve(root);

  const contains = (abs: string) => isInside(realRoot, abs);
  const display = (abs: string) => toDisplay(realRoot, abs);

  async function resolve(input: string): Promise<ResolvedPath> {
    if (input.includes('\0')) throw new Error('refused: the path contains a NUL byte');
    const quoted = JSON.stringify(input);
    // Node encodes a lone surrogate as U+FFFD: the file touched would be another name than the one reported.
    const lone = /\p{Cs}/u.exec(input)?.[0];
    if (lone !== undefined) {
      const code = lone.charCodeAt(0).toString(16).toUpperCase();
      throw new Error(
        `refused: ${quoted} holds a lone surrogate (U+${code}), which no file name can hold: it would reach the ` +
          'file system as U+FFFD',
      );
    }
    // path.resolve drops `..` lexically; realpath then follows every link that is left.
    const lexical = path.resolve(realRoot, input);
    const lexicallyInside = isInside(realRoot, lexical) || isInside(givenRoot, lexical);
    const outside = new Error(
      `refused: ${quoted} is outside the workspace root (${realRoot}); every path must stay inside it`,
    );
    const throughLink = new Error(
      `refused: ${quoted} leads outside the workspace root through a symbolic link; links may not lead out of the root`,
    );
    const { abs, exists } = await resolveReal(lexical, 0).catch(async (error: unknown) => {
      // Outside the root, every path gets the same refusal: no error may tell what exists there.
      // That includes a path inside the root that reaches out through a link on its way.
      if (!lexicallyInside) throw outside;
      if (await reachesOutside(lexical, 0)) throw throughLink;
      const code = getErrorCode(error);
      if (code === 'EACCES' || code === 'EPERM') throw new Error(`permission denied: ${quoted}`);
      if (code === 'ELOOP') throw new Error(`too many levels of symbolic links in ${quoted}`);
      if (code === 'ENAMETOOLONG') throw new Error(`${quoted} has a name longer than the file system allows`);
      // Node's own message would carry the absolute path: say what failed in the model's terms.
      throw new Error(`${quoted} cannot be resolved (${code ?? String(error)})`);
    });
    if (!contains(abs)) throw lexicallyInside ? throughLink : outside;
    return { abs, rel: display(abs), exists };
  }

  /**
   * Follows `abs` from the root one name and one link at a time; true as soon as a step lands
   * outside the root. A missing name, or a loop that never left, ends the walk inside.
   */
  async function reachesOutside(abs: string, hops: number): Promise<boolean> {
    if (!contains(abs)) return true;
    const parts = path.relative(realRoot, abs).split(path.sep).filter(Boolean);
    let current = realRoot;
    for (const [index, part] of parts.entries()) {
      const next = path.join(current, part);
      const entry = await lstat(next).catch(() => undefined);
      if (entry === undefined) return false;
      if (entry.isSymbolicLink()) {
        // A link that is gone or changed by now tells nothing: the resolution failed for its own reason.
        const link = await readlink(next).catch(() => undefined);
        if (hops >= MAX_LINK_HOPS || link === undefined) return false;
        const target = path.resolve(current, link);
        return reachesOutside(path.join(target, ...parts.slice(index + 1)), hops + 1);
      }
      current = next;
    }
    return false;
  }

  return { root: realRoot, resolve, contains, display };
}

/**
 * realpath, extended to paths that do not exist yet: a missing path is its nearest existing
 * parent's real path plus the missing names, and a dangling link is followed to where it points,
 * so that a write through it is checked against the place it would really land.
 */
async function resolveReal(abs: string, hops: number): Promise<{ abs: string; exists: boolean }> {
  try {
    return { abs: await realpath(abs), exists: true };
  } catch (error) {
    const code = getErrorCode(error);
    // ENOTDIR: a file stands where a directory should; the path does not exist, and the tool says why.
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  const entry = await lstat(abs).catch(() => undefined);
  if (entry?.isSymbolicLink()) {
    if (hops >= MAX_LINK_HOPS)
      throw Object.assign(new Error(`too many levels of symbolic links: ${abs}`), { code: 'ELOOP' });
    const target = path.resolve(path.dirname(abs), await readlink(abs));
    const resolved = await resolveReal(target, hops + 1);
    return { abs: resolved.abs, exists: false };
  }
  const parent = path.dirname(abs);
  // The file-system root always exists, so this recursion ends there at the latest.
  if (parent === abs) return { abs, exists: false };
  const resolvedParent = await resolveReal(parent, hops);
  return { abs: path.join(resolvedParent.abs, path.basename(abs)), exists: false };
}

/** Containment by path components: `/root-evil` is not inside `/root`, but `/root/..foo` is. */
export function isInside(root: string, abs: string): boolean {
  const relative = path.relative(root, abs);
  if (relative === '') return true;
  if (path.isAbsolute(relative)) return false;
  return relative.split(path.sep)[0] !== '..';
}

function toDisplay(root: string, abs: string): string {
  const relative = path.relative(root, abs);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

/** The `code` of a Node system error, if it has one. */
export function getErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
