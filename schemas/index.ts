// The wire contract, for users who want to parse or build frames themselves.
export * from './jsonrpc.js';
export * from './common.js';
export * from './tools.js';
export * from './resources.js';
export * from './prompts.js';
export * from './completion.js';
export * from './skills.js';
export * from './client-input.js';
export * from './tasks.js';
export * from './apps.js';
export * from './logging.js';
export * from './rev2025.js';
export * from './rev2026.js';
