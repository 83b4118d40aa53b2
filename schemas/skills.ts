// The skills extension, `io.modelcontextprotocol/skills` (SEP-2640): skills/list, skills/get and
// resources/directory/read. Skill files themselves are resources, read with resources/read.
import { z } from 'zod/v4';
import { RequestMeta } from './common.js';
import { lazy, sent } from './direction.js';
import { Resource } from './resources.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** One file of a skill: its URI, `sha256:<64 lowercase hex>` of its bytes, and their count. */
export const SkillResource = sent(() =>
  z.object({
    uri: z.string(),
    digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    size: z.int().min(0),
  }),
);

export const Skill = sent(() =>
  z.object({
    uri: z.string(),
    /** The SKILL.md front matter as written: every key, as YAML 1.2 reads it. */
    frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
    resources: z.union([z.array(SkillResource()), z.literal('dynamic')]),
  }),
);
export type Skill = z.infer<ReturnType<typeof Skill>>;

export const ListSkillsResult = sent(() => z.object({ skills: z.array(Skill()), nextCursor: z.string().optional() }));
export type ListSkillsResult = z.infer<ReturnType<typeof ListSkillsResult>>;

export const GetSkillParams = lazy(() => z.object({ uri: z.string(), _meta: RequestMeta().optional() }));
export const GetSkillResult = sent(() => z.object({ skill: Skill() }));

export const DirectoryReadParams = lazy(() =>
  z.object({
    uri: z.string(),
    cursor: z.string().optional(),
    _meta: RequestMeta().optional(),
  }),
);
/** The direct children of a directory resource; subdirectories have `mimeType: "inode/directory"`. */
export const DirectoryReadResult = sent(() =>
  z.object({ resources: z.array(Resource()), nextCursor: z.string().optional() }),
);
export type DirectoryReadResult = z.infer<ReturnType<typeof DirectoryReadResult>>;
