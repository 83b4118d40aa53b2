// The process-mode case file (`program.ts mcp-server case.json`) and what it prints.
import { z } from 'zod/v4';
import { lazy, sent } from './direction.js';
import { Response } from './jsonrpc.js';

/** Which tools the server offers: `echo` alone, or `echo` plus the demo tools. */
export const ToolSet = lazy(() => z.enum(['server', 'demo']));
export type ToolSet = z.infer<ReturnType<typeof ToolSet>>;

/**
 * The protocol era the case speaks. `2026`: every request and notification gets the 2026 envelope
 * (`io.modelcontextprotocol/protocolVersion` 2026-07-28, no client capabilities) in `params._meta`,
 * unless its `_meta` already claims a version.
 */
export const CaseEra = lazy(() => z.enum(['2025', '2026']));
export type CaseEra = z.infer<ReturnType<typeof CaseEra>>;

/** Frames are kept as raw JSON values: judging them is the server's job, not the case reader's. */
export const CaseObject = lazy(() =>
  z.object({
    tools: ToolSet().default('server'),
    era: CaseEra().default('2025'),
    requests: z.array(z.unknown()),
  }),
);

/** `{ "requests": [...] }`, or a bare array of frames. */
export const CaseFile = lazy(() =>
  z.union([
    CaseObject(),
    z.array(z.unknown()).transform((requests) => ({ tools: 'server' as const, era: '2025' as const, requests })),
  ]),
);
export type CaseFile = z.output<ReturnType<typeof CaseFile>>;

/** One entry per frame that got a response; notifications add none. */
export const CaseOutput = sent(() => z.object({ responses: z.array(Response()) }));
export type CaseOutput = z.infer<ReturnType<typeof CaseOutput>>;
