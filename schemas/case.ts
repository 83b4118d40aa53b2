// The process-mode case file (`program.ts mcp-server case.json`) and what it prints.
import { z } from 'zod';
import { Response } from './jsonrpc.js';

/** Frames are kept as raw JSON values: judging them is the server's job, not the case reader's. */
export const CaseFile = z.union([
  z.object({ requests: z.array(z.unknown()) }),
  z.array(z.unknown()).transform((requests) => ({ requests })),
]);
export type CaseFile = z.output<typeof CaseFile>;

/** One entry per frame that got a response; notifications add none. */
export const CaseOutput = z.object({ responses: z.array(Response) });
export type CaseOutput = z.infer<typeof CaseOutput>;
