// schemas/json/ must be exactly what scripts/schema-files.ts generates from the Zod contract.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import * as caseFileModule from '../../schemas/case.js';
import * as snapshotModule from '../../schemas/snapshot.js';
import * as cassetteModule from '../../schemas/cassette.js';
import * as jsonrpcModule from '../../schemas/jsonrpc.js';
import * as commonModule from '../../schemas/common.js';
import * as loggingModule from '../../schemas/logging.js';
import * as rev2025Module from '../../schemas/rev2025.js';
import * as rev2026Module from '../../schemas/rev2026.js';
import * as toolsModule from '../../schemas/tools.js';
import * as resourcesModule from '../../schemas/resources.js';
import * as promptsModule from '../../schemas/prompts.js';
import * as completionModule from '../../schemas/completion.js';
import * as skillsModule from '../../schemas/skills.js';
import * as clientInputModule from '../../schemas/client-input.js';
import * as tasksModule from '../../schemas/tasks.js';
import * as appsModule from '../../schemas/apps.js';
import { builtOnRead } from '../../schemas/direction.js';
import { renderSchemaFiles, writeSchemaFiles } from '../../scripts/schema-files.js';

// Each contract file as it is read: its schemas built, its constants as they are.
const caseFile = builtOnRead(caseFileModule);
const snapshot = builtOnRead(snapshotModule);
const cassette = builtOnRead(cassetteModule);
const jsonrpc = builtOnRead(jsonrpcModule);
const common = builtOnRead(commonModule);
const logging = builtOnRead(loggingModule);
const rev2025 = builtOnRead(rev2025Module);
const rev2026 = builtOnRead(rev2026Module);
const tools = builtOnRead(toolsModule);
const resources = builtOnRead(resourcesModule);
const prompts = builtOnRead(promptsModule);
const completion = builtOnRead(completionModule);
const skills = builtOnRead(skillsModule);
const clientInput = builtOnRead(clientInputModule);
const tasks = builtOnRead(tasksModule);
const apps = builtOnRead(appsModule);

const dir = fileURLToPath(new URL('../../schemas/json/', import.meta.url));
const stale = 'schemas/json/ is out of date: run `npm run schemas` and commit the result';

describe('schemas/json/', () => {
  const expected = renderSchemaFiles();

  it('holds one file per exported contract schema, none missing and none extra', async () => {
    const present = (await readdir(dir)).sort();
    expect(present, stale).toStrictEqual([...expected.keys()].sort());
  });

  it.each([...expected.keys()])('%s is up to date', async (name) => {
    expect(await readFile(join(dir, name), 'utf8'), stale).toBe(expected.get(name));
  });

  it('covers every exported schema of every contract file', async () => {
    const files = (await readdir(fileURLToPath(new URL('../../schemas/', import.meta.url)))).filter((name) =>
      name.endsWith('.ts'),
    );
    expect(files.sort()).toStrictEqual([
      'apps.ts',
      'case.ts',
      'cassette.ts',
      'client-input.ts',
      'common.ts',
      'completion.ts',
      'direction.ts',
      'index.ts',
      'jsonrpc.ts',
      'logging.ts',
      'prompts.ts',
      'resources.ts',
      'rev2025.ts',
      'rev2026.ts',
      'skills.ts',
      'snapshot.ts',
      'tasks.ts',
      'tools.ts',
    ]);
    const exported = [
      jsonrpc,
      common,
      tools,
      resources,
      prompts,
      completion,
      skills,
      clientInput,
      tasks,
      apps,
      logging,
      rev2025,
      rev2026,
      caseFile,
      snapshot,
      cassette,
    ].flatMap((module) =>
      Object.entries(module)
        .filter(([, value]) => typeof value === 'object' && value !== null && '_zod' in value)
        .map(([name]) => `${name}.json`),
    );
    expect([...expected.keys()].sort()).toStrictEqual(exported.sort());
  });

  it('writes request-side schemas as Zod accepts them and server-sent ones as it parses them out', () => {
    const callToolParams = JSON.parse(expected.get('CallToolParams.json') ?? '') as Record<string, unknown>;
    const emptyResult = JSON.parse(expected.get('EmptyResult.json') ?? '') as Record<string, unknown>;
    expect(emptyResult).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    // Unknown members are accepted (and ignored) on the way in: no `additionalProperties: false`.
    expect(callToolParams.additionalProperties).toBeUndefined();
    expect((callToolParams.properties as { arguments: unknown }).arguments).toStrictEqual({
      type: 'object',
      properties: {},
      additionalProperties: {},
    });
    // Input side: `tools` and `era` have defaults, so a case file may leave it out; a bare array is a case too.
    const caseObject = {
      type: 'object',
      properties: {
        tools: { default: 'server', type: 'string', enum: ['server', 'demo'] },
        era: { default: '2025', type: 'string', enum: ['2025', '2026'] },
        requests: { type: 'array', items: {} },
      },
      required: ['requests'],
    };
    expect(JSON.parse(expected.get('CaseFile.json') ?? '')).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      anyOf: [caseObject, { type: 'array', items: {} }],
    });
  });
});

describe('writeSchemaFiles', () => {
  let scratch: string | undefined;
  afterEach(async () => {
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  });

  it('writes every file, removes stale .json files, keeps others and leaves no temporary file', async () => {
    scratch = await mkdtemp(join(tmpdir(), 'zod-mcp-schemas-'));
    await writeFile(join(scratch, 'Gone.json'), '{}\n');
    await writeFile(join(scratch, 'Request.json'), 'old\n');
    await writeFile(join(scratch, 'notes.txt'), 'kept\n');
    const { written, removed } = await writeSchemaFiles(scratch);
    const expected = renderSchemaFiles();
    expect(written).toStrictEqual([...expected.keys()]);
    expect(removed).toStrictEqual(['Gone.json']);
    expect((await readdir(scratch)).sort()).toStrictEqual([...expected.keys(), 'notes.txt'].sort());
    expect(await readFile(join(scratch, 'Request.json'), 'utf8')).toBe(expected.get('Request.json'));
  });
});
