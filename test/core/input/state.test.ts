// requestState is the client's to carry, never to read or change: every way of tampering with it,
// or of replaying it elsewhere, is -32602 with data.reason "invalid_request_state"; a shared key
// lets another instance continue the call.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, elicit, type HandleContext } from '../../../src/index.js';
import { envelope } from '../../helpers/eras.js';

const meta = envelope({ 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } });
const tool = (name: string) =>
  defineTool({
    name,
    description: 'Asks for a confirmation.',
    input: z.object({ path: z.string() }),
    handler: async ({ path }, ctx) => {
      const { ok } = await ctx.ask({ ok: elicit(`Delete ${path}?`, z.object({ ok: z.boolean() })) });
      return ok.action === 'accept' && ok.content.ok ? `deleted ${path}` : `kept ${path}`;
    },
  });
const make = (options: Partial<ConstructorParameters<typeof McpServer>[0]> = {}) =>
  new McpServer({ name: 's', version: '1', tools: [tool('delete'), tool('remove')], ...options });

const call = (server: McpServer, name: string, args: object, extra: object = {}, context: HandleContext = {}) =>
  server.handle(
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, ...extra, _meta: meta } },
    context,
  );
const stateOf = (frame: unknown) => (frame as { result: { requestState: string } }).result.requestState;
const yes = { ok: { action: 'accept', content: { ok: true } } };
const refused = (detail: string) => ({
  jsonrpc: '2.0',
  id: 1,
  error: { code: -32602, message: 'Invalid params', data: { reason: 'invalid_request_state', detail } },
});

describe('requestState', () => {
  const server = make({ requestState: { key: 'a shared secret of the cluster' } });

  it('completes with the untouched state', async () => {
    const state = stateOf(await call(server, 'delete', { path: 'a.txt' }));
    expect(await call(server, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state })).toMatchObject(
      { result: { content: [{ text: 'deleted a.txt' }] } },
    );
  });

  it('refuses a state with one byte flipped, a character added or cut, or another version', async () => {
    const state = stateOf(await call(server, 'delete', { path: 'a.txt' }));
    const body = Buffer.from(state.slice(3), 'base64url');
    for (const index of [0, 12, body.length - 1]) {
      const flipped = Buffer.from(body);
      flipped[index]! ^= 0x01;
      expect(
        await call(
          server,
          'delete',
          { path: 'a.txt' },
          { inputResponses: yes, requestState: `v1.${flipped.toString('base64url')}` },
        ),
      ).toStrictEqual(refused('the requestState does not verify: it was changed, or sealed with another key'));
    }
    for (const changed of [`${state}x`, `${state}-TAMPERED`, state.slice(0, -1), `v2.${state.slice(3)}`, '', 'v1.']) {
      const answer = await call(server, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: changed });
      expect((answer as { error?: { data: { reason: string } } }).error?.data.reason).toBe('invalid_request_state');
    }
  });

  it('refuses a state on another tool or with other arguments', async () => {
    const state = stateOf(await call(server, 'delete', { path: 'a.txt' }));
    expect(await call(server, 'remove', { path: 'a.txt' }, { inputResponses: yes, requestState: state })).toStrictEqual(
      refused('the requestState was made for another request'),
    );
    expect(await call(server, 'delete', { path: 'b.txt' }, { inputResponses: yes, requestState: state })).toStrictEqual(
      refused('the requestState was made for another request'),
    );
  });

  it('refuses a state presented by another principal', async () => {
    const state = stateOf(await call(server, 'delete', { path: 'a.txt' }, {}, { principal: 'alice' }));
    expect(
      await call(
        server,
        'delete',
        { path: 'a.txt' },
        { inputResponses: yes, requestState: state },
        { principal: 'mallory' },
      ),
    ).toStrictEqual(refused('the requestState was made for another principal'));
    expect(await call(server, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state })).toStrictEqual(
      refused('the requestState was made for another principal'),
    );
    expect(
      await call(
        server,
        'delete',
        { path: 'a.txt' },
        { inputResponses: yes, requestState: state },
        { principal: 'alice' },
      ),
    ).toMatchObject({ result: { content: [{ text: 'deleted a.txt' }] } });
  });

  it('refuses a state past its ttlMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const short = make({ requestState: { key: 'a shared secret of the cluster', ttlMs: 60_000 } });
      const state = stateOf(await call(short, 'delete', { path: 'a.txt' }));
      vi.setSystemTime(Date.now() + 59_000);
      expect(
        await call(short, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state }),
      ).toMatchObject({ result: { content: [{ text: 'deleted a.txt' }] } });
      vi.setSystemTime(Date.now() + 2_000);
      expect(
        await call(short, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state }),
      ).toStrictEqual(refused('the requestState has expired'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('another instance with the same key continues the call; one with another key (or a random one) refuses it', async () => {
    const state = stateOf(await call(server, 'delete', { path: 'a.txt' }));
    const sibling = make({ requestState: { key: 'a shared secret of the cluster' } });
    expect(
      await call(sibling, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state }),
    ).toMatchObject({ result: { content: [{ text: 'deleted a.txt' }] } });
    for (const stranger of [make({ requestState: { key: 'another secret, not ours' } }), make()]) {
      expect(
        await call(stranger, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state }),
      ).toStrictEqual(refused('the requestState does not verify: it was changed, or sealed with another key'));
    }
  });

  it('takes the shared key from ZOD_MCP_STATE_KEY when the option gives none; the option wins; a short one is refused', async () => {
    const state = stateOf(await call(server, 'delete', { path: 'a.txt' }));
    vi.stubEnv('ZOD_MCP_STATE_KEY', 'a shared secret of the cluster');
    try {
      const fromEnv = make();
      expect(
        await call(fromEnv, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state }),
      ).toMatchObject({ result: { content: [{ text: 'deleted a.txt' }] } });
      const own = make({ requestState: { key: 'another secret, not ours' } });
      expect(await call(own, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state })).toStrictEqual(
        refused('the requestState does not verify: it was changed, or sealed with another key'),
      );
      vi.stubEnv('ZOD_MCP_STATE_KEY', 'too short');
      expect(() => make()).toThrow('ZOD_MCP_STATE_KEY must be at least 16 characters: it is a secret');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is opaque: the answers and memo it carries cannot be read from it', async () => {
    const first = stateOf(await call(server, 'delete', { path: 'a.txt' }));
    const retry = await call(server, 'delete', { path: 'a.txt' }, { inputResponses: {}, requestState: first });
    const text = Buffer.from(stateOf(retry).slice(3), 'base64url').toString('latin1');
    expect(text).not.toContain('delete');
    expect(text).not.toContain('a.txt');
  });

  it('a short key, a bad ttlMs or maxInputRounds is refused when the server is built', () => {
    expect(() => make({ requestState: { key: 'short' } })).toThrow(
      'requestState.key must be at least 16 characters or bytes',
    );
    expect(() => make({ requestState: { ttlMs: 0 } })).toThrow(
      'requestState.ttlMs must be a positive number of milliseconds',
    );
    expect(() => make({ maxInputRounds: 0 })).toThrow('maxInputRounds must be an integer from 1 to 64');
  });

  it('derives a given key when the server is built: a secret buffer changed afterwards changes nothing, and a key of the wrong type is refused then', async () => {
    const secret = Buffer.from('a shared secret of the cluster');
    const early = make({ requestState: { key: secret } });
    secret.fill(0); // the embedder reuses or wipes its buffer
    const state = stateOf(await call(server, 'delete', { path: 'a.txt' }));
    expect(await call(early, 'delete', { path: 'a.txt' }, { inputResponses: yes, requestState: state })).toMatchObject({
      result: { content: [{ text: 'deleted a.txt' }] },
    });
    expect(() => make({ requestState: { key: 12345678901234567 as never } })).toThrow();
  });
});
