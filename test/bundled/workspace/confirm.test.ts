// --confirm-writes: write_file and edit_file ask the user to approve each change, showing it, when
// the client can be asked (both eras); without elicitation they write as before.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../schemas/jsonrpc.js';
import { describeChange } from '../../../src/bundled/workspace/confirm.js';
import type { McpServer } from '../../../src/index.js';
import { envelope } from '../../helpers/eras.js';
import { createServer, createTempWorkspace, writeTree, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;
let server: McpServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, { 'notes.txt': 'one\ntwo\nthree\n' });
  server = createServer({ root: workspace.root, confirmWrites: true });
});
afterEach(() => workspace.remove());

const meta = (capabilities: object) => envelope({ 'io.modelcontextprotocol/clientCapabilities': capabilities });
const call = (id: number, name: string, args: object, extra: object = {}, capabilities: object = { elicitation: {} }) =>
  server.handle({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args, ...extra, _meta: meta(capabilities) },
  });
const notes = () => readFile(path.join(workspace.root, 'notes.txt'), 'utf8');
const edit = { path: 'notes.txt', old_string: 'two', new_string: 'TWO' };

type Asked = { result: { inputRequests: Record<string, { params: { message: string } }>; requestState: string } };

describe('confirm writes, 2026', () => {
  it('asks with the change shown, and writes only once approved', async () => {
    const asked = (await call(1, 'edit_file', edit)) as unknown as Asked;
    const [key, question] = Object.entries(asked.result.inputRequests)[0]!;
    expect(key).toMatch(/^approve-[0-9a-f]{16}$/);
    expect(question.params.message).toBe(
      'edit_file: change notes.txt from line 2, 1 line out and 1 line in?\n\n- two\n+ TWO',
    );
    expect(await notes()).toBe('one\ntwo\nthree\n');
    const done = await call(2, 'edit_file', edit, {
      inputResponses: { [key]: { action: 'accept', content: { approve: true } } },
      requestState: asked.result.requestState,
    });
    expect(done).toMatchObject({
      result: { resultType: 'complete', structuredContent: { path: 'notes.txt', replacements: 1 }, isError: false },
    });
    expect(await notes()).toBe('one\nTWO\nthree\n');
  });

  it('a refusal writes nothing and says so', async () => {
    for (const [answer, how] of [
      [{ action: 'accept', content: { approve: false } }, 'did not approve'],
      [{ action: 'decline' }, 'declined'],
      [{ action: 'cancel' }, 'cancelled'],
    ] as const) {
      const asked = (await call(1, 'write_file', { path: 'notes.txt', content: 'gone\n' })) as unknown as Asked;
      const key = Object.keys(asked.result.inputRequests)[0]!;
      const done = await call(
        2,
        'write_file',
        { path: 'notes.txt', content: 'gone\n' },
        { inputResponses: { [key]: answer }, requestState: asked.result.requestState },
      );
      expect(done).toMatchObject({
        result: {
          isError: true,
          content: [{ text: `the user ${how} the write_file of "notes.txt"; nothing was written` }],
        },
      });
    }
    expect(await notes()).toBe('one\ntwo\nthree\n');
  });

  it('asks again when the file changed between the question and the approval', async () => {
    const asked = (await call(1, 'write_file', { path: 'notes.txt', content: 'new\n' })) as unknown as Asked;
    const key = Object.keys(asked.result.inputRequests)[0]!;
    await writeTree(workspace.root, { 'notes.txt': 'changed meanwhile\n' });
    const again = (await call(
      2,
      'write_file',
      { path: 'notes.txt', content: 'new\n' },
      {
        inputResponses: { [key]: { action: 'accept', content: { approve: true } } },
        requestState: asked.result.requestState,
      },
    )) as unknown as Asked;
    const [next, question] = Object.entries(again.result.inputRequests)[0]!;
    expect(next).not.toBe(key);
    expect(question.params.message).toBe(
      'write_file: change notes.txt from line 1, 1 line out and 1 line in?\n\n- changed meanwhile\n+ new',
    );
    expect(await notes()).toBe('changed meanwhile\n');
  });

  it('a binary file is described by its size and digest, so an approval never carries over to other bytes', async () => {
    await writeTree(workspace.root, { 'data.bin': new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]) });
    const asked = (await call(1, 'write_file', { path: 'data.bin', content: 'text' })) as unknown as Asked;
    const [key, question] = Object.entries(asked.result.inputRequests)[0]!;
    expect(question.params.message).toMatch(
      /^write_file: change data\.bin from line 1, 1 line out and 1 line in\?\n\n- \(a binary file of 8 bytes, sha256 [0-9a-f]{64}\)\n\+ text$/,
    );
    await writeTree(workspace.root, { 'data.bin': new Uint8Array([7, 6, 5, 4, 3, 2, 1, 0]) });
    const again = await call(
      2,
      'write_file',
      { path: 'data.bin', content: 'text' },
      {
        inputResponses: { [key]: { action: 'accept', content: { approve: true } } },
        requestState: asked.result.requestState,
      },
    );
    expect(again).toMatchObject({ result: { resultType: 'input_required' } });
  });

  it('a client that cannot be asked gets the write at once, as without --confirm-writes', async () => {
    expect(await call(1, 'write_file', { path: 'new.txt', content: 'hi\n' }, {}, {})).toMatchObject({
      result: { resultType: 'complete', structuredContent: { path: 'new.txt', created: true } },
    });
    expect(await readFile(path.join(workspace.root, 'new.txt'), 'utf8')).toBe('hi\n');
  });
});

describe('confirm writes, 2025', () => {
  it('sends the question to the client and writes once it approves', async () => {
    const session = server.createSession();
    const sent: Message[] = [];
    const notify = (message: Message) => {
      sent.push(message);
      if ('id' in message && 'method' in message)
        setTimeout(
          () =>
            void server.handle(
              { jsonrpc: '2.0', id: message.id, result: { action: 'accept', content: { approve: true } } },
              { session },
            ),
          1,
        );
    };
    await server.handle(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: {} },
          clientInfo: { name: 'c', version: '1' },
        },
      },
      { session },
    );
    const done = await server.handle(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'write_file', arguments: { path: 'fresh.txt', content: 'a\nb\n' } },
      },
      { session, notify },
    );
    expect(done).toMatchObject({
      result: { structuredContent: { path: 'fresh.txt', bytes: 4, created: true }, isError: false },
    });
    expect((sent[0] as { params: { message: string } }).params.message).toBe(
      'write_file: create fresh.txt (2 lines)?\n\n+ a\n+ b',
    );
  });
});

describe('describeChange', () => {
  it('shows the changed middle of a file, at most 24 lines, each at most 200 characters', () => {
    const before = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 5', 'five').replace('line 6', `${'x'.repeat(250)}`);
    expect(describeChange('write_file', 'a.txt', before, after)).toBe(
      `write_file: change a.txt from line 6, 2 lines out and 2 lines in?\n\n- line 5\n- line 6\n+ five\n+ ${'x'.repeat(198)}…`,
    );
    const long = describeChange(
      'write_file',
      'b.txt',
      undefined,
      Array.from({ length: 30 }, (_, i) => `${i}`).join('\n'),
    );
    expect(long.split('\n').at(-1)).toBe('… 6 more lines');
  });
});
