// Admitting a 2026 request (MCP 2026-07-28 "Statelessness", "Versioning"): its `_meta` envelope says
// who is asking, on every request, and nothing is carried over from an earlier one.
import { MetaKey, PROTOCOL_VERSIONS_2026, RequestEnvelope } from '../../../schemas/rev2026.js';
import type { IncomingRequest } from '../../core/codec.js';
import { VERSIONS_2026, type ClientView } from '../../core/era.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { describeIssues } from '../../schema/issues.js';
import { checkRoutingHeaders, checkVersionHeader } from './headers.js';

/**
 * The client of one 2026 request, or the refusal, in the order the conformance ladder checks them:
 * a missing or malformed envelope (-32602), an `MCP-Protocol-Version` header that disagrees with it
 * (-32020), a version this server does not speak per request (-32022), then the `Mcp-Method` and
 * `Mcp-Name` headers (-32020).
 */
export function admitEnvelope(request: IncomingRequest): ClientView {
  const meta = request.params?._meta;
  if (
    request.method === 'initialize' &&
    (typeof meta !== 'object' || meta === null || !(MetaKey.protocolVersion in meta))
  ) {
    // A 2025 client reached a connection or server that speaks only 2026: name what it speaks.
    const requested = request.params?.protocolVersion;
    throw unsupported(typeof requested === 'string' ? requested : String(requested));
  }
  const envelope = RequestEnvelope().safeParse(meta);
  if (!envelope.success) {
    const missing =
      meta === undefined || meta === null ? 'params._meta: missing, expected the 2026 request envelope (' : undefined;
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      missing !== undefined
        ? `${missing}${MetaKey.protocolVersion}, ${MetaKey.clientCapabilities})`
        : describeIssues(envelope.error.issues, ['params', '_meta']),
    );
  }
  const data = envelope.data;
  const version = data[MetaKey.protocolVersion];
  checkVersionHeader(request, version);
  if (!VERSIONS_2026.has(version)) throw unsupported(version);
  checkRoutingHeaders(request);
  return {
    era: 'rev2026',
    protocolVersion: version,
    capabilities: data[MetaKey.clientCapabilities],
    info: data[MetaKey.clientInfo],
    logLevel: data[MetaKey.logLevel],
  };
}

function unsupported(requested: string): ProtocolError {
  return new ProtocolError(ErrorCode.UnsupportedProtocolVersion, { supported: [...PROTOCOL_VERSIONS_2026], requested });
}
