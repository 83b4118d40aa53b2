// 10,000 random lines into a spawned server: it survives, answers a final ping, and writes only frames.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemas } from '../../../schemas/index.js';
import { StdioPeer } from '../../helpers/stdio-peer.js';

const { Notification, Response } = schemas;

const methods = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'logging/setLevel',
  'notifications/cancelled',
  'toString',
  'nope',
];

const frame = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
    id: fc.oneof(fc.integer(), fc.string(), fc.jsonValue()),
    method: fc.oneof(fc.constantFrom(...methods), fc.jsonValue()),
    params: fc.oneof(
      fc.record(
        { name: fc.constantFrom('echo', 'add', 'fail', 'nope'), arguments: fc.jsonValue() },
        { requiredKeys: ['name'] },
      ),
      fc.jsonValue(),
    ),
  },
  { requiredKeys: [] },
);

/** A line: raw bytes, a JSON value, or a frame with members of the wrong type. Never contains a newline. */
const line = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes.filter((b) => b !== 0x0a))),
  fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
  frame.map((value) => Buffer.from(JSON.stringify(value))),
);

describe('stdio fuzz', () => {
  it('answers a final ping after 10,000 random lines, having written only valid frames', {
    timeout: 60_000,
  }, async () => {
    const lines = fc.sample(line, { numRuns: 10_000, seed: 20261130 });
    const peer = new StdioPeer(['serve', '--demo']);
    for (const bytes of lines) peer.send(Buffer.concat([bytes, Buffer.from('\n')]));
    peer.send('{"jsonrpc":"2.0","id":"final-ping","method":"ping"}\n');
    expect(await peer.waitForId('final-ping', 50_000)).toStrictEqual({ jsonrpc: '2.0', id: 'final-ping', result: {} });
    expect(await peer.end()).toStrictEqual({ code: 0, signal: null });
    const invalid = peer.lines.filter((text) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return true;
      }
      return !Response.safeParse(value).success && !Notification.safeParse(value).success;
    });
    expect(invalid).toStrictEqual([]);
    expect(peer.lines.length).toBeGreaterThan(5_000);
  });
});
