// The wire contract, for users who want to parse or build frames themselves.
export * from './jsonrpc.js';
export * from './mcp.js';
export * from './case.js';
