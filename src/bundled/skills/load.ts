// Reading a folder of skills (SEP-2640): every directory holding a SKILL.md is a skill; its files,
// read through the workspace sandbox, are kept with their digests, so what is listed is what is read.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { isBinary, readBytes } from '../workspace/files.js';
import { createSandbox } from '../workspace/sandbox.js';
import { findLinkTarget } from '../workspace/link-target.js';
import { walkTree } from '../workspace/walk.js';
import { parseSkillMd } from './front-matter.js';

/** SEP-2640's limits: a larger skill is not served. */
export const MAX_SKILL_FILES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

export interface SkillFile {
  /** Relative to the skill's root, `/`-separated. */
  readonly rel: string;
  readonly bytes: Buffer;
  readonly digest: string;
  readonly binary: boolean;
}

export interface LoadedSkill {
  /** Relative to the skills folder, `/`-separated: the skill path of its URIs. */
  readonly path: string;
  readonly frontmatter: Record<string, unknown> & { name: string; description: string };
  /** SKILL.md first, then the rest by path. */
  readonly files: readonly SkillFile[];
  /** Every directory of the skill (its root is `''`), for resources/directory/read. */
  readonly directories: readonly string[];
}

/**
 * Every skill under `dir`. A skill that cannot be served (malformed SKILL.md, a name that does not
 * match its folder, over the limits) and any file reached through a link out of the folder are left
 * out and reported, naming the file; the other skills are served.
 */
export async function loadSkills(dir: string, report: (problem: string) => void): Promise<LoadedSkill[]> {
  const sandbox = createSandbox(dir);
  const shown = (rel: string) => path.join(dir, rel);
  const entries: { rel: string; kind: 'file' | 'directory'; abs: string | Buffer }[] = [];
  for await (const entry of walkTree(sandbox.root)) {
    if (entry.kind === 'directory') entries.push({ rel: entry.relToStart, kind: 'directory', abs: entry.abs });
    else if (entry.kind === 'file') entries.push({ rel: entry.relToStart, kind: 'file', abs: entry.abs });
    else if (entry.kind === 'symlink') {
      const target = (await findLinkTarget(sandbox, entry.abs))?.abs;
      if (target === undefined)
        report(`${shown(entry.relToStart)}: a link that leads out of the skills folder (or nowhere); left out`);
      else entries.push({ rel: entry.relToStart, kind: 'file', abs: target });
    }
  }
  const roots = entries
    .filter((entry) => entry.kind === 'file' && path.posix.basename(entry.rel) === 'SKILL.md')
    .map((entry) => path.posix.dirname(entry.rel));
  const skills: LoadedSkill[] = [];
  for (const root of roots.sort()) {
    // A skill nested inside another owns what is beneath its folder: the outer skill lists that
    // folder (it can be browsed) but does not also serve its files.
    const nested = roots.filter((other) => other !== root && (root === '.' || other.startsWith(`${root}/`)));
    const own = entries.filter((entry) => !nested.some((other) => entry.rel.startsWith(`${other}/`)));
    const skill = await loadSkill(root, own, shown, report);
    if (skill !== undefined) skills.push(skill);
  }
  return skills;
}

async function loadSkill(
  root: string,
  entries: readonly { rel: string; kind: 'file' | 'directory'; abs: string | Buffer }[],
  shown: (rel: string) => string,
  report: (problem: string) => void,
): Promise<LoadedSkill | undefined> {
  const within = (rel: string) => root === '.' || rel.startsWith(`${root}/`);
  const relToSkill = (rel: string) => (root === '.' ? rel : rel.slice(root.length + 1));
  const manifest = root === '.' ? 'SKILL.md' : `${root}/SKILL.md`;
  const files = entries.filter((entry) => entry.kind === 'file' && within(entry.rel));
  if (files.length > MAX_SKILL_FILES) {
    report(
      `${shown(manifest)}: the skill has ${files.length} files, over the ${MAX_SKILL_FILES} a skill may have; left out`,
    );
    return undefined;
  }
  const loaded: SkillFile[] = [];
  let total = 0;
  for (const file of files) {
    // At most what the whole skill may hold: a file that is or grows larger is refused as it is read.
    const bytes = await readBytes(file.abs, file.rel, MAX_SKILL_BYTES).catch(() => undefined);
    if (bytes === undefined) {
      report(`${shown(file.rel)}: cannot be read; its skill is left out`);
      return undefined;
    }
    total += bytes.length;
    if (total > MAX_SKILL_BYTES) {
      report(`${shown(manifest)}: the skill's files pass the ${MAX_SKILL_BYTES}-byte limit of a skill; left out`);
      return undefined;
    }
    loaded.push({
      rel: relToSkill(file.rel),
      bytes,
      digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
      binary: isBinary(bytes),
    });
  }
  const skillMd = loaded.find((file) => file.rel === 'SKILL.md')!;
  const parsed = await parseSkillMd(skillMd.bytes.toString('utf8'));
  if (typeof parsed === 'string') {
    report(`${shown(manifest)}: ${parsed}; left out`);
    return undefined;
  }
  const name = root === '.' ? path.basename(path.resolve(shown('.'))) : path.posix.basename(root);
  if (parsed.name !== name) {
    report(`${shown(manifest)}: its name "${parsed.name}" must equal its folder's name "${name}"; left out`);
    return undefined;
  }
  const directories = [
    '',
    ...entries.filter((entry) => entry.kind === 'directory' && within(entry.rel)).map((entry) => relToSkill(entry.rel)),
  ];
  return {
    path: root === '.' ? name : root,
    frontmatter: parsed,
    files: [skillMd, ...loaded.filter((file) => file !== skillMd)],
    directories,
  };
}
