// `zod-mcp record`: a wire in front of the real one that passes every message as it is and writes
// a normalised copy of each to a cassette (cassette.ts).
import { requestHeaders } from '../client/headers.js';
import type { Frame, Wire } from '../client/wire.js';
import { CassetteWriter, type RedactOptions } from './cassette.js';

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

export interface Recording {
  readonly wire: Wire;
  /**
   * Before the cassette is written: a 2026 session that never asked `server/discover` (its client
   * knew the answer) has it asked now, so that a replay can answer a client that does ask.
   */
  finish(): Promise<void>;
  /** The cassette so far, as its file holds it. */
  text(): string;
}

export function recordWire(target: Wire, options: RedactOptions = {}): Recording {
  const writer = new CassetteWriter(options);
  let discovered = false;
  /** The `_meta` of the session's first 2026 request: a discover asked at the end says the same. */
  let modern: Frame | undefined;
  const wire: Wire = {
    async exchange(request, onMessage, headers) {
      const meta = (request.params as Frame | undefined)?._meta as Frame | undefined;
      if (request.method === 'server/discover') discovered = true;
      if (typeof meta?.[VERSION_KEY] === 'string') modern ??= meta;
      writer.client(request);
      const response = await target.exchange(
        request,
        (message) => {
          writer.server(message, request.id);
          onMessage(message);
        },
        headers,
      );
      writer.server(response, request.id);
      return response;
    },
    async send(message) {
      writer.client(message);
      await target.send(message);
    },
    close: () => target.close(),
  };
  return {
    wire,
    async finish() {
      if (discovered || modern === undefined) return;
      const { progressToken: _token, ...envelope } = modern;
      const params = { _meta: envelope };
      const headers = requestHeaders(String(envelope[VERSION_KEY]), 'server/discover', params);
      const request = { jsonrpc: '2.0', id: 'zod-mcp-record-discover', method: 'server/discover', params };
      await wire.exchange(request, () => {}, headers).catch(() => undefined);
    },
    text: () => writer.text(),
  };
}
