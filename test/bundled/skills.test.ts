// Skills served from a real folder: entries with digests, SKILL.md resources, directory reads, and
// every skill that cannot be served left out and reported, naming its file.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '../../src/index.js';
import { skillsFrom } from '../../src/skills.js';
import { modern } from '../helpers/eras.js';
import { request, resultOf } from '../helpers/server.js';
import { createTempWorkspace, writeTree, type TempWorkspace } from './workspace/helpers.js';

const skillMd =
  '---\nname: git-workflow\ndescription: How we branch and merge.\nversion: 1.0\nowners: [ada, linus]\n---\n\n# Git workflow\n';
const guide = '# Guide\n\nRebase before merging.\n';
const nestedMd = '---\nname: hotfix\ndescription: The hotfix path.\n---\nShip it.\n';

const digest = (text: string | Uint8Array) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

let workspace: TempWorkspace;
let server: McpServer;
const problems: string[] = [];

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.base, { 'secret.txt': 'outside\n' });
  await writeTree(workspace.root, {
    'git-workflow/SKILL.md': skillMd,
    'git-workflow/references/guide.md': guide,
    'git-workflow/assets/logo.png': new Uint8Array([0x89, 0x50, 0, 1]),
    'git-workflow/hotfix/SKILL.md': nestedMd,
    'git-workflow/leak.txt': { link: '../../secret.txt' },
    'no-front-matter/SKILL.md': '# just a title\n',
    'bad-yaml/SKILL.md': '---\nname: [unclosed\n---\n',
    'misnamed/SKILL.md': '---\nname: something-else\ndescription: d\n---\n',
    'Bad_Name/SKILL.md': '---\nname: Bad_Name\ndescription: d\n---\n',
  });
  const skills = await skillsFrom(workspace.root, { onProblem: (problem) => problems.push(problem) });
  server = new McpServer({ name: 's', version: '1', extensions: [skills] });
});
afterAll(() => workspace.remove());

const call = <T>(method: string, params: Record<string, unknown>) =>
  server.handle(modern(1, method, params)).then((r) => resultOf<T>(r));

describe('skillsFrom', () => {
  it('reports each skill it leaves out, naming the file, and serves the others', () => {
    const at = (rel: string) => path.join(workspace.root, rel);
    expect(problems.sort()).toStrictEqual(
      [
        `${at('git-workflow/leak.txt')}: a link that leads out of the skills folder (or nowhere); left out`,
        `${at('no-front-matter/SKILL.md')}: SKILL.md must begin with YAML front matter between --- lines; left out`,
        `${at('bad-yaml/SKILL.md')}: its front matter is not YAML (Flow sequence in block collection must be sufficiently indented and end with a ] at line 1, column 16:); left out`,
        `${at('misnamed/SKILL.md')}: its name "something-else" must equal its folder's name "misnamed"; left out`,
        `${at('Bad_Name/SKILL.md')}: its name "Bad_Name" breaks the skill naming rule (1 to 64 of a-z, 0-9 and "-"); left out`,
      ].sort(),
    );
  });

  it('declares the extension with directoryRead (and, with it, resources) in both eras: server/discover and the 2025 initialize answer', async () => {
    const { capabilities } = await call<{ capabilities: Record<string, unknown> }>('server/discover', {});
    expect(capabilities).toMatchObject({
      resources: {},
      extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
    });
    const init = await server.handle(
      request(2, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      }),
    );
    expect(resultOf<{ capabilities: unknown }>(init).capabilities).toMatchObject({
      resources: {},
      extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
    });
  });

  it('declares the tasks extension on 2026 only, where tasks are served', async () => {
    const both = new McpServer({
      name: 's',
      version: '1',
      extensions: [await skillsFrom(workspace.root, { onProblem: () => {} })],
      tasks: {},
    });
    const { capabilities } = resultOf<{ capabilities: { extensions: unknown } }>(
      await both.handle(modern(1, 'server/discover', {})),
    );
    expect(capabilities.extensions).toStrictEqual({
      'io.modelcontextprotocol/skills': { directoryRead: true },
      'io.modelcontextprotocol/tasks': {},
    });
    const init = await both.handle(
      request(2, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      }),
    );
    expect(resultOf<{ capabilities: { extensions: unknown } }>(init).capabilities.extensions).toStrictEqual({
      'io.modelcontextprotocol/skills': { directoryRead: true },
    });
  });

  it('lists each skill with its front matter as written and every file with its digest and size; the files of a nested skill are its own', async () => {
    const { skills } = await call<{ skills: unknown[] }>('skills/list', {});
    expect(skills).toStrictEqual([
      {
        uri: 'skill://git-workflow/SKILL.md',
        frontmatter: {
          name: 'git-workflow',
          description: 'How we branch and merge.',
          version: 1,
          owners: ['ada', 'linus'],
        },
        resources: [
          { uri: 'skill://git-workflow/SKILL.md', digest: digest(skillMd), size: Buffer.byteLength(skillMd) },
          { uri: 'skill://git-workflow/assets/logo.png', digest: digest(new Uint8Array([0x89, 0x50, 0, 1])), size: 4 },
          { uri: 'skill://git-workflow/references/guide.md', digest: digest(guide), size: Buffer.byteLength(guide) },
        ],
      },
      {
        uri: 'skill://git-workflow/hotfix/SKILL.md',
        frontmatter: { name: 'hotfix', description: 'The hotfix path.' },
        resources: [
          { uri: 'skill://git-workflow/hotfix/SKILL.md', digest: digest(nestedMd), size: Buffer.byteLength(nestedMd) },
        ],
      },
    ]);
  });

  it('skills/get answers a served skill and refuses any other URI with -32602', async () => {
    const { skill } = await call<{ skill: { uri: string } }>('skills/get', {
      uri: 'skill://git-workflow/hotfix/SKILL.md',
    });
    expect(skill.uri).toBe('skill://git-workflow/hotfix/SKILL.md');
    expect(await server.handle(modern(3, 'skills/get', { uri: 'skill://misnamed/SKILL.md' }))).toMatchObject({
      error: { code: -32602, data: 'No skill is served at skill://misnamed/SKILL.md' },
    });
  });

  it("serves each file as a resource: SKILL.md as text/markdown with the skill's name and description, bytes as a blob", async () => {
    const { resources } = await call<{
      resources: { uri: string; name: string; description?: string; mimeType: string }[];
    }>('resources/list', {});
    expect(resources[0]).toStrictEqual({
      uri: 'skill://git-workflow/SKILL.md',
      name: 'git-workflow',
      description: 'How we branch and merge.',
      mimeType: 'text/markdown',
      size: Buffer.byteLength(skillMd),
    });
    const read = await call<{ contents: unknown[] }>('resources/read', { uri: 'skill://git-workflow/SKILL.md' });
    expect(read.contents).toStrictEqual([
      { uri: 'skill://git-workflow/SKILL.md', mimeType: 'text/markdown', text: skillMd },
    ]);
    const logo = await call<{ contents: unknown[] }>('resources/read', { uri: 'skill://git-workflow/assets/logo.png' });
    expect(logo.contents).toStrictEqual([
      { uri: 'skill://git-workflow/assets/logo.png', mimeType: 'image/png', blob: 'iVAAAQ==' },
    ]);
    expect(await server.handle(modern(4, 'resources/read', { uri: 'skill://git-workflow/leak.txt' }))).toMatchObject({
      error: { code: -32602 },
    });
  });

  it('reads a skill directory: its files and subdirectories (inode/directory); a file or an unknown URI is -32602', async () => {
    const { resources } = await call<{ resources: { uri: string; mimeType: string }[] }>('resources/directory/read', {
      uri: 'skill://git-workflow',
    });
    expect(resources.map((r) => [r.uri, r.mimeType])).toStrictEqual([
      ['skill://git-workflow/SKILL.md', 'text/markdown'],
      ['skill://git-workflow/assets', 'inode/directory'],
      ['skill://git-workflow/hotfix', 'inode/directory'],
      ['skill://git-workflow/references', 'inode/directory'],
    ]);
    const sub = await call<{ resources: { uri: string }[] }>('resources/directory/read', {
      uri: 'skill://git-workflow/references',
    });
    expect(sub.resources.map((r) => r.uri)).toStrictEqual(['skill://git-workflow/references/guide.md']);
    const nested = await call<{ resources: { uri: string }[] }>('resources/directory/read', {
      uri: 'skill://git-workflow/hotfix',
    });
    expect(nested.resources.map((r) => r.uri)).toStrictEqual(['skill://git-workflow/hotfix/SKILL.md']);
    for (const uri of ['skill://git-workflow/SKILL.md', 'skill://nowhere']) {
      expect(await server.handle(modern(5, 'resources/directory/read', { uri }))).toMatchObject({
        error: { code: -32602 },
      });
    }
  });

  it('refuses a folder that does not exist', async () => {
    await expect(skillsFrom(path.join(workspace.base, 'missing'))).rejects.toThrow(TypeError);
  });
});
