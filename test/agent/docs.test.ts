// docs/agent.md as written: its two complete agents run on Node 24 (their SDKs' engines), each
// against a fake model API that the SDK reaches through its own base-URL variable, and print the
// model's last words; the table names every module the entry exports.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { aiSdk, anthropic, gemini, openaiChat, openaiResponses } from '../../src/agent.js';
import { linkedProject } from '../helpers/linked-project.js';
import { root } from '../helpers/run.js';
import { describeOn, runtimeBinary } from '../helpers/runtimes.js';
import { startFakeModel } from './helpers/fake-model.js';
import { anthropicMessage, response, responsesMessage } from './helpers/replies.js';

const run = promisify(execFile);
const doc = readFileSync(join(root, 'docs', 'agent.md'), 'utf8');

function example(name: string): string {
  const annotation = `<!-- test: \\{"file":"${name}-agent.ts"[^\\n]*-->\\n`;
  const match = new RegExp(`${annotation}\`\`\`ts\\n([\\s\\S]*?)\`\`\``).exec(doc);
  if (match === null) throw new Error(`docs/agent.md has no example ${name}`);
  return match[1]!;
}

const ASKED = { city: 'Lisbon' };
const anthropicReplies = [
  anthropicMessage('m1', [{ type: 'tool_use', id: 'w1', name: 'weather', input: ASKED }], 'tool_use'),
  anthropicMessage('m2', [{ type: 'text', text: 'It is sunny in Lisbon.' }], 'end_turn'),
];
const openaiReplies = [
  response('r1', [
    { type: 'function_call', id: 'fc1', call_id: 'w1', name: 'weather', arguments: JSON.stringify(ASKED) },
  ]),
  response('r2', [responsesMessage('It is sunny in Lisbon.')]),
];

describeOn('node24')('docs/agent.md', () => {
  for (const [name, replies, env, packages] of [
    ['anthropic', anthropicReplies, 'ANTHROPIC', ['@anthropic-ai/sdk']],
    ['openai', openaiReplies, 'OPENAI', ['openai']],
  ] as const) {
    it(`the ${name} agent runs as written`, async () => {
      const fake = await startFakeModel(replies);
      const project = await linkedProject({ 'agent.ts': example(name) });
      try {
        for (const spec of packages) {
          const [scope] = spec.split('/');
          if (spec.includes('/')) await mkdir(join(project, 'node_modules', scope!), { recursive: true });
          await symlink(join(root, 'node_modules', spec), join(project, 'node_modules', spec), 'dir');
        }
        const baseUrl = name === 'openai' ? `${fake.url}/v1` : fake.url;
        const { stdout } = await run(runtimeBinary('node24')!, ['agent.ts'], {
          cwd: project,
          timeout: 60_000,
          env: { ...process.env, [`${env}_API_KEY`]: 'test-key', [`${env}_BASE_URL`]: baseUrl },
        });
        expect(stdout).toBe('It is sunny in Lisbon.\n');
        expect(fake.requests).toHaveLength(2);
        expect(JSON.stringify(fake.requests[1]!.body)).toContain('Sunny in Lisbon, 21 °C');
      } finally {
        await fake.close();
        await rm(project, { recursive: true, force: true });
      }
    });
  }

  it('each example is under 30 lines, and the table names every provider module', () => {
    expect(example('anthropic').trimEnd().split('\n').length).toBeLessThan(30);
    expect(example('openai').trimEnd().split('\n').length).toBeLessThan(30);
    const modules = { anthropic, openaiResponses, openaiChat, gemini, aiSdk };
    for (const [name, module] of Object.entries(modules)) {
      expect(module.tools).toBeTypeOf('function');
      expect(doc).toContain(`\`${name}.tools(server`);
    }
  });
});
