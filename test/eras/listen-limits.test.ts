// What a client can make the server keep for the changes it follows, through handle(): the lists of
// one subscriptions/listen filter, the listen streams one principal holds open, and the URIs one
// 2025 session subscribed to. Each is bounded, and the refusal names the bound.
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Notification, Response } from '../../schemas/jsonrpc.js';
import { McpServer, defineResourceTemplate, type McpServerOptions } from '../../src/index.js';
import { envelope } from '../helpers/eras.js';
import { request, wire } from '../helpers/server.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const meta = envelope({ 'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS]: {} } } });
const docs = defineResourceTemplate({
  uriTemplate: 'test://doc/{id}',
  name: 'doc',
  variables: z.object({ id: z.string() }),
  read: ({ id }) => id,
});

function serve(options: Partial<McpServerOptions> = {}) {
  return new McpServer({ name: 'test-server', version: '1.2.3', resources: [docs], tasks: {}, ...options });
}

const listen = (id: number | string, notifications: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'subscriptions/listen',
  params: { notifications, _meta: meta },
});
const taskIds = (count: number) => Array.from({ length: count }, (_, i) => `task-${i}`);
const uris = (count: number) => Array.from({ length: count }, (_, i) => `test://doc/${i}`);
const invalidParams = (id: number | string, data: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32602, message: 'Invalid params', data },
});
const tooMany = (id: number | string, data: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32600, message: 'Invalid Request', data },
});
const acknowledged = (id: number | string, notifications: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method: 'notifications/subscriptions/acknowledged',
  params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications },
});

interface Stream {
  readonly heard: Notification[];
  readonly done: Promise<Response | null>;
  /** Closes the stream as a client that hangs up does; resolves once the server let it go. */
  close(): Promise<Response | null>;
}

/** Opens a listen stream of its own (its own notify and signal), as `principal` when given. */
function open(server: McpServer, frame: unknown, principal?: string): Stream {
  const heard: Notification[] = [];
  const abort = new AbortController();
  const done = server.handle(frame, {
    notify: (message) => void heard.push(message as Notification),
    signal: abort.signal,
    ...(principal === undefined ? {} : { principal }),
  });
  return { heard, done, close: () => (abort.abort(), done) };
}

/** What a refused stream answered: its frame, and that it never heard anything ("still open" for a stream that was not refused, closed then). */
async function refusal(stream: Stream): Promise<{ frame: string; heard: Notification[] }> {
  const answer = await Promise.race([stream.done, sleep(100).then(() => 'still open' as const)]);
  if (answer === 'still open') await stream.close();
  return { frame: answer === 'still open' ? answer : wire(answer), heard: stream.heard };
}

describe('the lists of a subscriptions/listen filter', () => {
  const long = (length: number, prefix = '') => prefix + 'x'.repeat(length - prefix.length);
  it.each([
    [
      'taskIds over 1000',
      { taskIds: taskIds(1001) },
      'params.notifications.taskIds: holds at most 1000 task ids, got 1001',
    ],
    [
      'resourceSubscriptions over 1000',
      { resourceSubscriptions: uris(1001) },
      'params.notifications.resourceSubscriptions: holds at most 1000 URIs, got 1001',
    ],
    [
      'a task id over 256 characters',
      { taskIds: ['task-0', long(257)] },
      'params.notifications.taskIds[1]: a task id is at most 256 characters, got 257',
    ],
    [
      'a URI over 8192 characters',
      { resourceSubscriptions: [long(8193, 'test://doc/')] },
      'params.notifications.resourceSubscriptions[0]: a URI is at most 8192 characters, got 8193',
    ],
  ])('%s is -32602 naming the limit, and nothing is sent on the stream', async (_name, notifications, data) => {
    const server = serve();
    expect(await refusal(open(server, listen('L', notifications)))).toStrictEqual({
      frame: wire(invalidParams('L', data)),
      heard: [],
    });
  });

  it('exactly at every limit is accepted: the acknowledgement carries the lists whole', async () => {
    const server = serve();
    const notifications = {
      resourceSubscriptions: [...uris(999), long(8192, 'test://doc/')],
      taskIds: [...taskIds(999), long(256)],
    };
    const stream = open(server, listen('L', notifications));
    expect(wire(stream.heard)).toBe(wire([acknowledged('L', notifications)]));
    expect(await stream.close()).toBeNull();
  });

  it('the limits are options: subscriptions.maxTaskIds and subscriptions.maxResourceSubscriptions', async () => {
    const server = serve({ subscriptions: { maxTaskIds: 2, maxResourceSubscriptions: 3 } });
    expect(await refusal(open(server, listen(1, { taskIds: taskIds(3) })))).toStrictEqual({
      frame: wire(invalidParams(1, 'params.notifications.taskIds: holds at most 2 task ids, got 3')),
      heard: [],
    });
    expect(await refusal(open(server, listen(2, { resourceSubscriptions: uris(4) })))).toStrictEqual({
      frame: wire(invalidParams(2, 'params.notifications.resourceSubscriptions: holds at most 3 URIs, got 4')),
      heard: [],
    });
    const stream = open(server, listen(3, { taskIds: taskIds(2), resourceSubscriptions: uris(3) }));
    expect(wire(stream.heard)).toBe(wire([acknowledged(3, { resourceSubscriptions: uris(3), taskIds: taskIds(2) })]));
    await stream.close();
  });

  it('refuses option values that are not positive integers, and keys it does not have', () => {
    for (const key of ['maxStreamsPerPrincipal', 'maxAnonymousStreams', 'maxTaskIds', 'maxResourceSubscriptions']) {
      for (const value of [0, -1, 1.5, Number.NaN, '10']) {
        expect(() => serve({ subscriptions: { [key]: value } })).toThrow(
          new TypeError(`subscriptions.${key} must be a positive integer`),
        );
      }
    }
    expect(() => serve({ subscriptions: { maxTaskId: 4 } as never })).toThrow(
      new TypeError('subscriptions: unknown option "maxTaskId" (did you mean "maxTaskIds"?)'),
    );
  });
});

describe('the listen streams one principal holds open', () => {
  const refusedData = 'too many listen streams open for this caller (limit 16); close one first';

  it('a 17th stream of one principal is refused; another principal, and the anonymous caller, are unaffected', async () => {
    const server = serve();
    const alice = Array.from({ length: 16 }, (_, i) =>
      open(server, listen(`alice-${i}`, { toolsListChanged: true }), 'alice'),
    );
    expect(alice.map((stream) => stream.heard.length)).toStrictEqual(Array(16).fill(1));
    expect(await refusal(open(server, listen('alice-16', { toolsListChanged: true }), 'alice'))).toStrictEqual({
      frame: wire(tooMany('alice-16', refusedData)),
      heard: [],
    });
    const bob = open(server, listen('bob-0', { toolsListChanged: true }), 'bob');
    const anonymous = open(server, listen('anonymous-0', { toolsListChanged: true }));
    expect([bob.heard, anonymous.heard]).toStrictEqual([
      [acknowledged('bob-0', { toolsListChanged: true })],
      [acknowledged('anonymous-0', { toolsListChanged: true })],
    ]);
    await Promise.all([...alice, bob, anonymous].map((stream) => stream.close()));
  });

  it('closing a stream frees its slot; so does a graceful end (shutdown)', async () => {
    const server = serve({ subscriptions: { maxStreamsPerPrincipal: 2 } });
    const session = server.createSession();
    const first = open(server, listen(1, {}), 'alice');
    const second = server.handle(listen(2, {}), { session, principal: 'alice', notify: () => undefined });
    expect(await refusal(open(server, listen(3, {}), 'alice'))).toStrictEqual({
      frame: wire(tooMany(3, 'too many listen streams open for this caller (limit 2); close one first')),
      heard: [],
    });
    expect(await first.close()).toBeNull();
    const third = open(server, listen(4, {}), 'alice');
    expect(third.heard).toStrictEqual([acknowledged(4, {})]);
    session.endStreams();
    expect(await second).toMatchObject({ id: 2, result: { resultType: 'complete' } });
    const fourth = open(server, listen(5, {}), 'alice');
    expect(fourth.heard).toStrictEqual([acknowledged(5, {})]);
    await Promise.all([third.close(), fourth.close()]);
  });

  it('callers without a principal share one budget of their own (maxAnonymousStreams): the server cannot tell them apart', async () => {
    const server = serve({ subscriptions: { maxStreamsPerPrincipal: 1, maxAnonymousStreams: 2 } });
    const two = [open(server, listen(1, {})), open(server, listen(2, {}))];
    expect(two.map((stream) => stream.heard)).toStrictEqual([[acknowledged(1, {})], [acknowledged(2, {})]]);
    expect(await refusal(open(server, listen(3, {})))).toStrictEqual({
      frame: wire(tooMany(3, 'too many listen streams open for callers without a token (limit 2); close one first')),
      heard: [],
    });
    const alice = open(server, listen(4, {}), 'alice');
    expect(alice.heard).toStrictEqual([acknowledged(4, {})]);
    await Promise.all([...two, alice].map((stream) => stream.close()));
  });

  it('a listen that is refused holds no slot: a filter over its limits, an id already in flight', async () => {
    const server = serve({ subscriptions: { maxStreamsPerPrincipal: 1 } });
    const session = server.createSession({ notify: () => undefined });
    for (let i = 0; i < 3; i++) {
      expect(await server.handle(listen(`big-${i}`, { taskIds: taskIds(1001) }), { principal: 'alice' })).toMatchObject(
        { error: { code: -32602 } },
      );
    }
    const held = server.handle(listen('same', {}), { session });
    await sleep(1);
    expect(await server.handle(listen('same', {}), { session })).toMatchObject({
      error: { code: -32600, data: 'id: "same" is already used by a call in flight' },
    });
    session.endStreams();
    await held;
    const stream = open(server, listen('after', {}), 'alice');
    expect(stream.heard).toStrictEqual([acknowledged('after', {})]);
    await stream.close();
  });
});

describe('what an open stream keeps of its request', () => {
  it('only the filter it honours: keys it does not read, in params, notifications or _meta, are let go', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const server = serve();
    const refs: WeakRef<object>[] = [];
    const junk = () => {
      const value = { ids: taskIds(1000) };
      refs.push(new WeakRef(value));
      return value;
    };
    // Built in a function of its own, so that nothing of the test holds the frame.
    const frame = () => {
      const capabilities = { extensions: { [TASKS]: {} }, junk: junk() };
      return {
        jsonrpc: '2.0',
        id: 'L',
        method: 'subscriptions/listen',
        params: {
          notifications: { taskIds: ['task-0'], junk: junk() },
          junk: junk(),
          _meta: envelope({ 'io.modelcontextprotocol/clientCapabilities': capabilities }),
        },
      };
    };
    const stream = open(server, frame());
    expect(stream.heard).toStrictEqual([acknowledged('L', { taskIds: ['task-0'] })]);
    await sleep(1);
    gc();
    expect(refs.map((ref) => ref.deref() === undefined)).toStrictEqual([true, true, true]);
    await stream.close();
  });
});

describe('2025 resources/subscribe', () => {
  const initialize = request(0, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'c', version: '1' },
  });
  const subscribe = (id: number, uri: string) => request(id, 'resources/subscribe', { uri });

  it('one session follows at most 1000 URIs; the same one again, or one after an unsubscribe, is taken', async () => {
    const server = serve();
    const session = server.createSession({ notify: () => undefined });
    const handle = (frame: unknown) => server.handle(frame, { session });
    await handle(initialize);
    for (const [i, uri] of uris(1000).entries())
      expect(await handle(subscribe(i + 1, uri))).toStrictEqual({ jsonrpc: '2.0', id: i + 1, result: {} });
    const data = 'too many resource subscriptions in this session (limit 1000); unsubscribe from one first';
    expect(wire(await handle(subscribe(2000, 'test://doc/new')))).toBe(wire(tooMany(2000, data)));
    expect(await handle(subscribe(2001, 'test://doc/0'))).toStrictEqual({ jsonrpc: '2.0', id: 2001, result: {} });
    expect(await handle(request(2002, 'resources/unsubscribe', { uri: 'test://doc/0' }))).toStrictEqual({
      jsonrpc: '2.0',
      id: 2002,
      result: {},
    });
    expect(await handle(subscribe(2003, 'test://doc/new'))).toStrictEqual({ jsonrpc: '2.0', id: 2003, result: {} });
    // Another session has a budget of its own.
    const other = server.createSession({ notify: () => undefined });
    await server.handle(initialize, { session: other });
    expect(await server.handle(subscribe(1, 'test://doc/new'), { session: other })).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {},
    });
  });

  it('the same option bounds it: subscriptions.maxResourceSubscriptions', async () => {
    const server = serve({ subscriptions: { maxResourceSubscriptions: 2 } });
    const session = server.createSession({ notify: () => undefined });
    const handle = (frame: unknown) => server.handle(frame, { session });
    await handle(initialize);
    await handle(subscribe(1, 'test://doc/a'));
    await handle(subscribe(2, 'test://doc/b'));
    expect(wire(await handle(subscribe(3, 'test://doc/c')))).toBe(
      wire(tooMany(3, 'too many resource subscriptions in this session (limit 2); unsubscribe from one first')),
    );
  });
});
