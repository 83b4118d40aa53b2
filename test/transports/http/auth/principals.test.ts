// Principals cannot collide: a user whose `sub` reads like a client's name, or an issuer and a
// subject that join into another pair, are principals of their own, so none of them reaches
// another's tasks or requestState.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, elicit, type AuthInfo } from '../../../../src/index.js';
import { principalOf } from '../../../../src/core/auth.js';
import { envelope } from '../../../helpers/eras.js';

const issuer = 'https://as.example';
/** Client `svc` acting for itself (client credentials: no `sub`). */
const client: AuthInfo = {
  subject: 'svc',
  clientId: 'svc',
  issuer,
  scopes: [],
  claims: { client_id: 'svc', iss: issuer },
};
/** A user whose token says `sub: "client:svc"`, through another client. */
const user: AuthInfo = {
  subject: 'client:svc',
  clientId: 'app',
  issuer,
  scopes: [],
  claims: { sub: 'client:svc', client_id: 'app', iss: issuer },
};

describe('principals', () => {
  it('keep a client apart from a user whose sub is "client:<its id>", and an issuer with # apart from a subject with #', () => {
    expect(principalOf(client)).not.toBe(principalOf(user));
    const a = { ...user, issuer: 'https://as.example#x', subject: 'y', claims: { sub: 'y' } };
    const b = { ...user, issuer: 'https://as.example', subject: 'x#y', claims: { sub: 'x#y' } };
    expect(principalOf(a)).not.toBe(principalOf(b));
    expect(principalOf(client)).toBe(JSON.stringify([issuer, 'client', 'svc']));
  });

  it("the user cannot read the client's task, nor retry its requestState", async () => {
    const Ok = z.object({ ok: z.boolean() });
    const tools = [
      defineTool({
        name: 'slow',
        description: 's',
        input: z.object({}),
        task: 'required',
        handler: async () => 'done',
      }),
      defineTool({
        name: 'ask',
        description: 'a',
        input: z.object({}),
        handler: async (_args, ctx) => String((await ctx.ask({ ok: elicit('Ok?', Ok) })).ok.action),
      }),
    ];
    const server = new McpServer({ name: 's', version: '1', tools });
    const meta = envelope({
      'io.modelcontextprotocol/clientCapabilities': {
        elicitation: { form: {} },
        extensions: { 'io.modelcontextprotocol/tasks': {} },
      },
    });
    const send = (id: number, method: string, params: object, auth: AuthInfo) =>
      server.handle({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }, { auth }) as Promise<
        Record<string, any>
      >;
    const { taskId } = (await send(1, 'tools/call', { name: 'slow', arguments: {} }, client)).result;
    expect((await send(2, 'tasks/get', { taskId }, client)).result.taskId).toBe(taskId);
    expect((await send(3, 'tasks/get', { taskId }, user)).error).toMatchObject({ code: -32602 });
    const { requestState } = (await send(4, 'tools/call', { name: 'ask', arguments: {} }, client)).result;
    const retried = await send(
      5,
      'tools/call',
      { name: 'ask', arguments: {}, inputResponses: { ok: { action: 'accept', content: { ok: true } } }, requestState },
      user,
    );
    expect(retried.error).toMatchObject({
      code: -32602,
      data: { reason: 'invalid_request_state', detail: 'the requestState was made for another principal' },
    });
  });
});
