// What both fronts (stdio, HTTP) share: how they are stopped, what they are told of an error
// answer, and the 2026 headers a request needs when the wire behind them is HTTP.
import { headerParamsOf, requestHeaders, type HeaderParam } from '../client/headers.js';
import type { Frame } from '../client/wire.js';

export interface FrontOptions {
  /** Given a function that stops the front (a signal, a replay's --strict miss). */
  readonly onStop?: (stop: () => void) => void;
  /** Each error frame a request was answered with. */
  readonly onError?: (request: Frame, response: Frame) => void;
  /**
   * Answer requests one after another, in the order they came (a replay: its answers then come in the
   * recorded order); messages that are not requests are still passed on at once.
   */
  readonly ordered?: boolean;
  /** Tools' `x-mcp-header` marks, learnt from tools/list answers: a 2026 request is sent with its headers. */
  readonly headers?: ToolHeaders;
}

/** The tools' header marks, from what tools/list answered. */
export class ToolHeaders {
  readonly #byTool = new Map<string, HeaderParam[]>();

  note(request: Frame, response: Frame): void {
    if (request.method !== 'tools/list') return;
    const tools = (response.result as { tools?: Frame[] } | undefined)?.tools ?? [];
    for (const tool of tools)
      if (typeof tool.name === 'string') this.#byTool.set(tool.name, headerParamsOf(tool.inputSchema));
  }

  of(tool: unknown): HeaderParam[] {
    return typeof tool === 'string' ? (this.#byTool.get(tool) ?? []) : [];
  }
}

/** A 2026 request's headers (its version, method, name and marked arguments); none for a 2025 one. */
export function forwardedHeaders(request: Frame, options: FrontOptions): Record<string, string> | undefined {
  const params = (request.params ?? {}) as Frame;
  const version = (params._meta as Frame | undefined)?.['io.modelcontextprotocol/protocolVersion'];
  if (typeof version !== 'string' || options.headers === undefined) return undefined;
  return requestHeaders(version, String(request.method), params, options.headers.of(params.name));
}
