// Run as a process of its own (a fresh heap): how many Zod schemas exist after each step of a
// server's life, counted in the heap by the inspector. It counts the three kinds every contract file
// is made of (objects, strings, optionals): each count makes V8 collect its garbage first, so all
// fifty kinds would take twenty seconds.
// Prints one JSON line: { import, server, call, list, contract }, each a count.
import { Session } from 'node:inspector/promises';
import { z } from 'zod/v4';

const session = new Session();
session.connect();
globalThis.__census = [z.ZodObject.prototype, z.ZodString.prototype, z.ZodOptional.prototype];

async function census() {
  const { result } = await session.post('Runtime.evaluate', { expression: '__census' });
  const { result: length } = await session.post('Runtime.callFunctionOn', {
    objectId: result.objectId,
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  let total = 0;
  for (let index = 0; index < length.value; index++) {
    const { result: prototype } = await session.post('Runtime.evaluate', { expression: `__census[${index}]` });
    const { objects } = await session.post('Runtime.queryObjects', { prototypeObjectId: prototype.objectId });
    const { result: count } = await session.post('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      functionDeclaration: 'function () { return this.length; }',
      returnByValue: true,
    });
    total += count.value;
  }
  return total;
}

const before = await census();
const counts = {};
const { McpServer, defineTool, schemas } = await import('../../dist/index.js');
counts.import = (await census()) - before;
const add = defineTool({
  name: 'add',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});
const server = new McpServer({ name: 'census', version: '1.0.0', tools: [add] });
counts.server = (await census()) - before;
const _meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const call = await server.handle({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'add', arguments: { a: 1, b: 2 }, _meta },
});
if (call.result?.content?.[0]?.text !== '3') throw new Error(`tools/call answered ${JSON.stringify(call)}`);
counts.call = (await census()) - before;
await server.handle({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta } });
counts.list = (await census()) - before;
for (const key of Object.keys(schemas)) void schemas[key];
counts.contract = (await census()) - before;
console.log(JSON.stringify(counts));
