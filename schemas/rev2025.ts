// What only the 2025 era has: the initialize handshake (MCP 2024-11-05 to 2025-11-25 "Lifecycle").
import { z } from 'zod/v4';
import { lazy, sent } from './direction.js';
import { ClientCapabilities, Implementation, RequestMeta, ServerCapabilities } from './common.js';

/** The revisions served through `initialize`, newest first. */
export const PROTOCOL_VERSIONS_2025 = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const LATEST_PROTOCOL_VERSION_2025 = PROTOCOL_VERSIONS_2025[0];

export const InitializeParams = lazy(() =>
  z.looseObject({
    protocolVersion: z.string(),
    capabilities: ClientCapabilities(),
    clientInfo: Implementation(),
    _meta: RequestMeta().optional(),
  }),
);
export type InitializeParams = z.infer<ReturnType<typeof InitializeParams>>;

export const InitializeResult = sent(() =>
  z.object({
    protocolVersion: z.string(),
    capabilities: ServerCapabilities(),
    serverInfo: Implementation(),
    instructions: z.string().optional(),
  }),
);
export type InitializeResult = z.infer<ReturnType<typeof InitializeResult>>;
