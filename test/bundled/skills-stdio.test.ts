// `zod-mcp serve --skills DIR` as a real process: the malformed skill reported on stderr at start-up,
// the others served over stdio to raw 2026 frames, to the SDK v2 client (2026 and 2025) and the SDK v1 client (2025).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioTransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modern } from '../helpers/eras.js';
import { createClient } from '../helpers/sdk-v2.js';
import { StdioPeer, programJs } from '../helpers/stdio-peer.js';
import { createTempWorkspace, writeTree, type TempWorkspace } from './workspace/helpers.js';

const skillMd = '---\nname: release\ndescription: How we cut a release.\n---\n\n1. Tag.\n2. Publish.\n';
const checklist = '- [ ] changelog\n';
const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const line = (frame: unknown) => `${JSON.stringify(frame)}\n`;
const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'zod-mcp', version: '0.1.0' } };
const cached = { ttlMs: 0, cacheScope: 'private' };

let workspace: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, {
    'release/SKILL.md': skillMd,
    'release/checklist.md': checklist,
    'broken/SKILL.md': 'no front matter here\n',
  });
});
afterAll(() => workspace.remove());

describe('serve --skills over stdio', () => {
  it('reports the malformed skill on stderr, naming its file, and serves the other to 2026 frames', async () => {
    const peer = new StdioPeer(['serve', '--skills', workspace.root]);
    peer.send(line(modern(1, 'server/discover')));
    const discovered = (await peer.waitForId(1)) as { result: { capabilities: unknown } };
    expect(discovered.result.capabilities).toStrictEqual({
      tools: { listChanged: false },
      logging: {},
      resources: { subscribe: true, listChanged: false },
      completions: {},
      extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
    });
    peer.send(line(modern(2, 'skills/list')));
    expect(await peer.waitForId(2)).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        resultType: 'complete',
        skills: [
          {
            uri: 'skill://release/SKILL.md',
            frontmatter: { name: 'release', description: 'How we cut a release.' },
            resources: [
              { uri: 'skill://release/SKILL.md', digest: sha(skillMd), size: Buffer.byteLength(skillMd) },
              { uri: 'skill://release/checklist.md', digest: sha(checklist), size: Buffer.byteLength(checklist) },
            ],
          },
        ],
        ...cached,
        _meta: serverInfo,
      },
    });
    peer.send(line(modern(3, 'resources/read', { uri: 'skill://release/SKILL.md' })));
    expect(await peer.waitForId(3)).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: {
        resultType: 'complete',
        contents: [{ uri: 'skill://release/SKILL.md', mimeType: 'text/markdown', text: skillMd }],
        ...cached,
        _meta: serverInfo,
      },
    });
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
    expect(peer.stderr).toContain(
      `zod-mcp: skills: ${path.join(workspace.root, 'broken/SKILL.md')}: SKILL.md must begin with YAML front matter between --- lines; left out\n`,
    );
  });

  it('the SDK v2 client pinned to 2026 lists and reads the skill files', async () => {
    const errors: unknown[] = [];
    const client = createClient({ mode: { pin: '2026-07-28' } }, errors);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [programJs, 'serve', '--skills', workspace.root],
        stderr: 'pipe',
      }),
    );
    try {
      const { resources } = await client.listResources();
      expect(resources.map((resource) => [resource.uri, resource.mimeType])).toStrictEqual([
        ['skill://release/SKILL.md', 'text/markdown'],
        ['skill://release/checklist.md', 'text/markdown'],
      ]);
      const read = await client.readResource({ uri: 'skill://release/checklist.md' });
      expect(read.contents).toStrictEqual([
        { uri: 'skill://release/checklist.md', mimeType: 'text/markdown', text: checklist },
      ]);
      expect(errors).toStrictEqual([]);
    } finally {
      await client.close();
    }
  });

  it('the SDK v2 client in its default (2025) mode finds the extension in the initialize answer, and lists the skills', async () => {
    const errors: unknown[] = [];
    const client = createClient(undefined, errors);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [programJs, 'serve', '--skills', workspace.root],
        stderr: 'pipe',
      }),
    );
    try {
      expect(client.getProtocolEra()).toBe('legacy');
      expect(client.getServerCapabilities()?.extensions).toStrictEqual({
        'io.modelcontextprotocol/skills': { directoryRead: true },
      });
      const listed = await client.request(
        { method: 'skills/list', params: {} },
        z.object({ skills: z.array(z.object({ uri: z.string() })) }),
      );
      expect(listed.skills.map((skill) => skill.uri)).toStrictEqual(['skill://release/SKILL.md']);
      expect(errors).toStrictEqual([]);
    } finally {
      await client.close();
    }
  });

  it('the SDK v1 client (2025) reads the same files; its initialize answer declares the extension', async () => {
    const client = new ClientV1({ name: 'skills-v1', version: '1.0.0' });
    await client.connect(
      new StdioTransportV1({
        command: process.execPath,
        args: [programJs, 'serve', '--skills', workspace.root],
        stderr: 'pipe',
      }),
    );
    try {
      expect(client.getServerCapabilities()).toStrictEqual({
        tools: { listChanged: false },
        logging: {},
        resources: { subscribe: true, listChanged: false },
        completions: {},
        extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
      });
      const read = await client.readResource({ uri: 'skill://release/SKILL.md' });
      expect(read.contents).toStrictEqual([
        { uri: 'skill://release/SKILL.md', mimeType: 'text/markdown', text: skillMd },
      ]);
    } finally {
      await client.close();
    }
  });
});
