// skillsFrom: a folder of Agent Skills served as the extension `io.modelcontextprotocol/skills`
// (SEP-2640): each file a `skill://<skill-path>/<file>` resource, plus skills/list, skills/get and
// resources/directory/read.
import { PaginatedParams } from '../../../schemas/common.js';
import type { Resource as ResourceDescriptor } from '../../../schemas/resources.js';
import {
  DirectoryReadParams,
  GetSkillParams,
  SKILLS_EXTENSION,
  type ListSkillsResult,
  type Skill,
} from '../../../schemas/skills.js';
import { defineMethod } from '../../core/method.js';
import { page } from '../../core/paginate.js';
import type { Extension } from '../../features/feature.js';
import { defineResource, type Resource } from '../../features/resources/define.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { mimeTypeOf } from '../mime.js';
import { loadSkills, type LoadedSkill } from './load.js';
import { optionKeys, refuseUnknownOptions } from '../../core/options.js';

export interface SkillsOptions {
  /** Told of each skill or file left out (malformed SKILL.md, a link out, over a limit). Default: a line on stderr. */
  onProblem?: (problem: string) => void;
  /** skills/list and resources/directory/read page size; one page by default. */
  pageSize?: number;
}

const SKILLS_OPTIONS = optionKeys<SkillsOptions>({ onProblem: true, pageSize: true });
const DIRECTORY = 'inode/directory';

/** `a/b c` -> `a/b%20c`: each path segment as a URI segment. */
const toUri = (skillPath: string, rel = '') =>
  `skill://${[...skillPath.split('/'), ...(rel === '' ? [] : rel.split('/'))].map(encodeURIComponent).join('/')}`;

/**
 * Reads the skills under `dir` once (their files are kept, so a digest always matches what is
 * read) and returns the extension to give McpServer's `extensions`. Throws when `dir` is missing.
 */
export async function skillsFrom(dir: string, options: SkillsOptions = {}): Promise<Extension> {
  refuseUnknownOptions('skillsFrom', options, SKILLS_OPTIONS);
  const report = options.onProblem ?? ((problem: string) => void process.stderr.write(`zod-mcp: skills: ${problem}\n`));
  const pageSize = options.pageSize ?? Infinity;
  const skills = await loadSkills(dir, report);
  const entries: Skill[] = skills.map(entryOf);
  const byUri = new Map(entries.map((entry) => [entry.uri, entry]));
  const directories = directoryIndex(skills);
  return {
    id: SKILLS_EXTENSION,
    settings: { directoryRead: true },
    resources: skills.flatMap(resourcesOf),
    methods: {
      'skills/list': defineMethod(
        PaginatedParams,
        (params): ListSkillsResult => {
          const { items, nextCursor } = page(entries, params?.cursor, pageSize, 'skills');
          return nextCursor === undefined ? { skills: [...items] } : { skills: [...items], nextCursor };
        },
        { cacheable: true },
      ),
      'skills/get': defineMethod(
        GetSkillParams,
        (params) => {
          const skill = byUri.get(params.uri);
          if (skill === undefined)
            throw new ProtocolError(ErrorCode.InvalidParams, `No skill is served at ${params.uri}`);
          return { skill };
        },
        { cacheable: true },
      ),
      'resources/directory/read': defineMethod(DirectoryReadParams, (params) => {
        const children = directories.get(params.uri);
        if (children === undefined)
          throw new ProtocolError(ErrorCode.InvalidParams, `${params.uri} is not a directory resource of this server`);
        const { items, nextCursor } = page(children, params.cursor, pageSize, 'directory');
        return nextCursor === undefined ? { resources: [...items] } : { resources: [...items], nextCursor };
      }),
    },
  };
}

function entryOf(skill: LoadedSkill): Skill {
  return {
    uri: toUri(skill.path, 'SKILL.md'),
    frontmatter: skill.frontmatter,
    resources: skill.files.map((file) => ({
      uri: toUri(skill.path, file.rel),
      digest: file.digest,
      size: file.bytes.length,
    })),
  };
}

/** What resources/list says of a skill file: SKILL.md carries the skill's name and description. */
function describeFile(skill: LoadedSkill, rel: string, size: number, binary: boolean): ResourceDescriptor {
  const uri = toUri(skill.path, rel);
  const mimeType =
    rel === 'SKILL.md' ? 'text/markdown' : (mimeTypeOf(rel) ?? (binary ? 'application/octet-stream' : 'text/plain'));
  if (rel === 'SKILL.md')
    return { uri, name: skill.frontmatter.name, description: skill.frontmatter.description, mimeType, size };
  return { uri, name: rel.split('/').at(-1)!, mimeType, size };
}

function resourcesOf(skill: LoadedSkill): Resource[] {
  return skill.files.map((file) => {
    const { uri, name, description, mimeType, size } = describeFile(skill, file.rel, file.bytes.length, file.binary);
    const text = file.binary ? undefined : file.bytes.toString('utf8');
    return defineResource({
      uri,
      name,
      mimeType,
      size,
      ...(description === undefined ? {} : { description }),
      read: () => text ?? file.bytes,
    });
  });
}

/** Every directory of every skill, by URI: its files and its subdirectories (`inode/directory`), by name. */
function directoryIndex(skills: readonly LoadedSkill[]): Map<string, ResourceDescriptor[]> {
  const index = new Map<string, ResourceDescriptor[]>();
  for (const skill of skills) {
    for (const dir of skill.directories) if (!index.has(toUri(skill.path, dir))) index.set(toUri(skill.path, dir), []);
    const parentOf = (rel: string) => (rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');
    for (const dir of skill.directories) {
      if (dir === '') continue;
      index
        .get(toUri(skill.path, parentOf(dir)))
        ?.push({ uri: toUri(skill.path, dir), name: dir.split('/').at(-1)!, mimeType: DIRECTORY });
    }
    for (const file of skill.files)
      index
        .get(toUri(skill.path, parentOf(file.rel)))
        ?.push(describeFile(skill, file.rel, file.bytes.length, file.binary));
  }
  for (const children of index.values()) children.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  return index;
}
