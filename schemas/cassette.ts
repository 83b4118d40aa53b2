// A cassette (`zod-mcp record`, `zod-mcp replay`): a recorded session as JSON lines. The first line
// says what it is; each other line is one message, who sent it, when, and (for what the server
// sent) the client request it answered or came with.
import { z } from 'zod/v4';
import { lazy } from './direction.js';

export const CASSETTE_VERSION = 1;

export const CassetteHeader = lazy(() =>
  z.object({ cassette: z.literal(CASSETTE_VERSION), era: z.enum(['2025', '2026']).optional() }),
);
export type CassetteHeader = z.infer<ReturnType<typeof CassetteHeader>>;

/**
 * `t`: milliseconds since the recording started; `from`: who sent `frame`; `for`: the id (as
 * recorded) of the client request a server message belongs to. Frames are kept as JSON objects:
 * judging them is the replayed client's job.
 */
export const CassetteLine = lazy(() =>
  z.object({
    t: z.number().int().nonnegative(),
    from: z.enum(['client', 'server']),
    for: z.union([z.string(), z.number()]).optional(),
    frame: z.record(z.string(), z.unknown()),
  }),
);
export type CassetteLine = z.infer<ReturnType<typeof CassetteLine>>;
