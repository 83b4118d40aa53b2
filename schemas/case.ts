// The process-mode case file (`program.ts mcp-server case.json`) and what it prints.
import { z } from 'zod';
import { sentByServer } from './direction.js';
import { Response } from './jsonrpc.js';

/** Which tools the server offers: the grader's `echo` alone, or `echo` plus the demo tools. */
export const ToolSet = z.enum(['server', 'demo']);
export type ToolSet = z.infer<typeof ToolSet>;

/** Frames are kept as raw JSON values: judging them is the server's job, not the case reader's. */
export const CaseObject = z.object({ tools: ToolSet.default('server'), requests: z.array(z.unknown()) });

/** `{ "requests": [...] }`, or a bare array of frames. */
export const CaseFile = z.union([
  CaseObject,
  z.array(z.unknown()).transform((requests) => ({ tools: 'server' as const, requests })),
]);
export type CaseFile = z.output<typeof CaseFile>;

/** One entry per frame that got a response; notifications add none. */
export const CaseOutput = z.object({ responses: z.array(Response) });
export type CaseOutput = z.infer<typeof CaseOutput>;

sentByServer(CaseOutput);
