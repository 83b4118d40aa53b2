// What a cassette holds: ids numbered by direction, the values a session makes up named by their
// order wherever they appear, what the user named redacted, and each server message tied to its request.
import { describe, expect, it } from 'vitest';
import { CassetteWriter } from '../../src/contract/cassette.js';

const lines = (writer: CassetteWriter) =>
  writer
    .text()
    .trimEnd()
    .split('\n')
    .map((line) => {
      const { t: _t, ...rest } = JSON.parse(line) as { t?: number };
      return rest;
    });

describe('CassetteWriter', () => {
  it('numbers ids, names tokens, states and task ids, and ties each server message to its request', () => {
    const writer = new CassetteWriter();
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', progressToken: 'tok-a' };
    writer.client({ jsonrpc: '2.0', id: 'x7', method: 'tools/call', params: { name: 'a', _meta: meta } });
    writer.server(
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tok-a', progress: 1 } },
      'x7',
    );
    writer.server(
      { jsonrpc: '2.0', id: 'x7', result: { resultType: 'input_required', requestState: 'SEALED-1' } },
      'x7',
    );
    writer.client({ jsonrpc: '2.0', id: 'x8', method: 'tools/call', params: { name: 'a', requestState: 'SEALED-1' } });
    writer.server({ jsonrpc: '2.0', id: 'x8', result: { resultType: 'task', taskId: 'uuid-9' } }, 'x8');
    writer.client({ jsonrpc: '2.0', id: 'x9', method: 'tasks/get', params: { taskId: 'uuid-9' } });
    expect(lines(writer)).toStrictEqual([
      { cassette: 1, era: '2026' },
      {
        from: 'client',
        frame: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'a', _meta: { ...meta, progressToken: 'progress-1' } },
        },
      },
      {
        from: 'server',
        for: 1,
        frame: {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'progress-1', progress: 1 },
        },
      },
      {
        from: 'server',
        for: 1,
        frame: { jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', requestState: 'state-1' } },
      },
      {
        from: 'client',
        frame: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'a', requestState: 'state-1' } },
      },
      { from: 'server', for: 2, frame: { jsonrpc: '2.0', id: 2, result: { resultType: 'task', taskId: 'task-1' } } },
      { from: 'client', frame: { jsonrpc: '2.0', id: 3, method: 'tasks/get', params: { taskId: 'task-1' } } },
    ]);
  });

  it("numbers a 2025 server's own requests apart, and the client's answers to them with them", () => {
    const writer = new CassetteWriter();
    writer.client({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    writer.server({ jsonrpc: '2.0', id: 0, result: {} }, 0);
    writer.client({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask' } });
    writer.server({ jsonrpc: '2.0', id: 'srv-42', method: 'elicitation/create', params: {} }, 1);
    writer.client({ jsonrpc: '2.0', id: 'srv-42', result: { action: 'decline' } });
    expect(
      lines(writer).map((line) => [(line as { from?: string }).from, (line as { frame?: { id?: unknown } }).frame?.id]),
    ).toStrictEqual([
      [undefined, undefined],
      ['client', 1],
      ['server', 1],
      ['client', 2],
      ['server', 1],
      ['client', 1],
    ]);
    expect(lines(writer)[0]).toStrictEqual({ cassette: 1, era: '2025' });
  });

  it('redacts every member of a named key, and the one a JSON pointer names', () => {
    const writer = new CassetteWriter({ redact: ['token', '/params/arguments/pass~1word'] });
    writer.client({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'login', arguments: { user: 'ada', 'pass/word': 'hunter2', nested: [{ token: 't1' }] } },
    });
    writer.server({ jsonrpc: '2.0', id: 5, result: { token: 't2', content: [] } }, 5);
    expect(
      lines(writer)
        .slice(1)
        .map((line) => (line as { frame: unknown }).frame),
    ).toStrictEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'login',
          arguments: { user: 'ada', 'pass/word': '[redacted]', nested: [{ token: '[redacted]' }] },
        },
      },
      { jsonrpc: '2.0', id: 1, result: { token: '[redacted]', content: [] } },
    ]);
  });
});
