// server/discover (MCP 2026-07-28): what this server speaks and serves, asked for per request.
import { EmptyParams } from '../../../schemas/common.js';
import { PROTOCOL_VERSIONS_2026 } from '../../../schemas/rev2026.js';
import { defineMethod } from '../../core/method.js';

/**
 * Only the 2026 revisions are listed: a 2025 version cannot be spoken per request, and a client
 * that retries with an entry of an error's `data.supported` must find it here too.
 */
export const discover = defineMethod(
  EmptyParams,
  (_params, { server }) => ({
    supportedVersions: [...PROTOCOL_VERSIONS_2026],
    capabilities: server.capabilities('rev2026'),
    ...(server.instructions === undefined ? {} : { instructions: server.instructions }),
  }),
  { cacheable: true },
);
