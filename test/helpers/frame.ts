import { expect } from 'vitest';

/** Exact frame, key order included: the wire's order is jsonrpc, id, result|error; content, structuredContent?, isError. */
export function expectFrame(actual: unknown, expected: unknown): void {
  expect(actual).toStrictEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

export function callFrame(id: number, name: string, args?: Record<string, unknown>) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: args === undefined ? { name } : { name, arguments: args },
  };
}
