// The contract an era implements (eras/rev2025, eras/rev2026): what differs between wire revisions.
import type { ErrorResponse, RequestId } from '../../schemas/jsonrpc.js';
import type { Session } from './connection.js';
import type { RequestContext } from './context.js';
import type { ClientView, Era } from './era.js';
import type { Method, MethodTable } from './method.js';
import type { ServerState } from './server-state.js';

/** HTTP request headers as node:http gives them (lower-cased names); absent on other transports. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** One request as the era sees it, before its method's schema has parsed the params. */
export interface IncomingRequest {
  readonly id: RequestId;
  readonly method: string;
  readonly params: Record<string, unknown> | undefined;
  /** Set when the request came over HTTP: the 2026 header rules apply to it. */
  readonly headers: RequestHeaders | undefined;
  /**
   * The tool the client called when it is not the one served: `call_tool`, whose call of a tool by name is
   * served as that tool's tools/call (the `Mcp-Name` header names what the client called).
   */
  readonly via?: string;
}

export interface EraCodec {
  readonly era: Era;
  /**
   * Methods only this era has. A method in neither this table nor the features' is -32601: absence is the whole rule.
   */
  readonly methods: MethodTable;
  /**
   * What this era demands of a request before any method is looked up, and who is asking: the
   * connection's handshake (2025), or the request's own `_meta` envelope (2026). Throws a
   * ProtocolError for a request this era refuses.
   */
  admit(request: IncomingRequest, session: Session, server: ServerState): ClientView;
  /** Checks that need the method and its parsed params (2026: the `Mcp-Name` and `Mcp-Param-*` headers). */
  check?(request: IncomingRequest, method: Method, params: unknown): void;
  /** A method's result as this era's wire has it. */
  encode(result: object, method: Method, ctx: RequestContext): object;
  /** An error frame as this era spells it (a code the era does not have becomes the one it does). */
  mapError?(response: ErrorResponse): ErrorResponse;
}

export type Codecs = Readonly<Record<Era, EraCodec>>;
