// A SKILL.md's YAML front matter, read with the `yaml` package (YAML 1.2 core schema), loaded on first use.

/** The Agent Skills naming rule: 1 to 64 of a-z, 0-9 and `-`, no leading, trailing or doubled hyphen. */
const SKILL_NAME = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export type FrontMatter = Record<string, unknown> & { name: string; description: string };

/** The front matter as written (every key), or why it cannot be served. */
export async function parseSkillMd(text: string): Promise<FrontMatter | string> {
  const block = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''));
  if (block === null) return 'SKILL.md must begin with YAML front matter between --- lines';
  const { parse } = await import('yaml');
  let data: unknown;
  try {
    data = parse(block[1]!);
  } catch (error) {
    return `its front matter is not YAML (${(error as Error).message.split('\n')[0]})`;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return 'its front matter must be a YAML mapping';
  const { name, description } = data as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') return 'its front matter has no name';
  if (typeof description !== 'string' || description === '') return 'its front matter has no description';
  if (!SKILL_NAME.test(name)) return `its name "${name}" breaks the skill naming rule (1 to 64 of a-z, 0-9 and "-")`;
  return data as FrontMatter;
}
