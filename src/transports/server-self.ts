// What a server tells a client about itself, asked in process: its identity and capabilities as
// server/discover (2026) or initialize (2025) answers them, on a session of its own. For what must
// agree with those answers: the Server Card, `inspect`, `manifest`.
import { PROTOCOL_VERSIONS_2025 } from '../../schemas/rev2025.js';
import { PROTOCOL_VERSIONS_2026 } from '../../schemas/rev2026.js';
import type { Era } from '../core/era.js';
import type { McpServer } from '../server.js';
import { VERSION } from '../version.js';

export interface ServerSelf {
  /** The `Implementation`: name, version, and title, description, website and icons when it has them. */
  readonly serverInfo: Record<string, unknown>;
  readonly capabilities: Record<string, unknown>;
}

/** The answer of `era` (which the server must serve). */
export async function askServerSelf(server: McpServer, era: Era): Promise<ServerSelf> {
  const modern = era === 'rev2026';
  const params = modern
    ? {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSIONS_2026[0],
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      }
    : {
        protocolVersion: PROTOCOL_VERSIONS_2025[0],
        capabilities: {},
        clientInfo: { name: 'zod-mcp', version: VERSION },
      };
  const method = modern ? 'server/discover' : 'initialize';
  const response = await server.handle(
    { jsonrpc: '2.0', id: 'server-self', method, params },
    { session: server.createSession() },
  );
  const result = (response !== null && 'result' in response ? response.result : {}) as Record<string, unknown>;
  const info = modern
    ? (result._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/serverInfo']
    : result.serverInfo;
  return {
    serverInfo: (info ?? {}) as Record<string, unknown>,
    capabilities: (result.capabilities ?? {}) as Record<string, unknown>,
  };
}
