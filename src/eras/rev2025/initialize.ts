import { InitializeParams, LATEST_PROTOCOL_VERSION, PROTOCOL_VERSIONS, type InitializeResult } from '../../../schemas/mcp.js';
import { defineMethod } from '../../core/method.js';

const supported: ReadonlySet<string> = new Set(PROTOCOL_VERSIONS);

/** Answers the client's version when supported, else the latest (MCP "Lifecycle", version negotiation). */
export const initialize = defineMethod(InitializeParams, (params, { server, session }): InitializeResult => {
  const protocolVersion = supported.has(params.protocolVersion) ? params.protocolVersion : LATEST_PROTOCOL_VERSION;
  session.protocolVersion = protocolVersion;
  return {
    protocolVersion,
    capabilities: { tools: { listChanged: false }, logging: {} },
    serverInfo: server.serverInfo,
    ...(server.instructions === undefined ? {} : { instructions: server.instructions }),
  };
});
