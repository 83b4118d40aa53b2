// One request on a wire: what the server sends while it is open is routed (its progress to the
// caller, a 2025 request of its own answered: `ping` by the client itself, the rest by `ask`), and
// an error frame becomes a RemoteError.
import type { Answer, Progress } from './types.js';
import { RemoteError, type Frame, type Wire } from './wire.js';

export interface ExchangeOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly progressToken?: string;
  readonly onProgress?: (progress: Progress) => void;
  readonly ask: Answer;
  readonly signal?: AbortSignal;
}

/** The request's result; a question the client refused is thrown after the server had its error frame. */
export async function exchange(wire: Wire, request: Frame, options: ExchangeOptions): Promise<Frame> {
  let refused: unknown;
  const answering: Promise<void>[] = [];
  const response = await wire.exchange(
    request,
    (message) => {
      if (typeof message.method !== 'string') return;
      if (message.id !== undefined) {
        answering.push(
          answerRequest(wire, message, options.ask).catch((error: unknown) => {
            refused ??= error;
          }),
        );
      } else if (message.method === 'notifications/progress' && options.progressToken !== undefined) {
        const { progressToken, ...progress } = (message.params ?? {}) as Progress & { progressToken?: unknown };
        if (progressToken === options.progressToken) options.onProgress?.(progress);
      }
    },
    options.headers,
    options.signal,
  );
  if (answering.length > 0) await Promise.all(answering);
  if (refused !== undefined) throw refused;
  if (response.error !== undefined)
    throw new RemoteError(response.error as ConstructorParameters<typeof RemoteError>[0]);
  return (response.result ?? {}) as Frame;
}

/** A 2025 server's own request: answered, or refused with an error frame (and the refusal rethrown). */
async function answerRequest(wire: Wire, message: Frame, ask: Answer): Promise<void> {
  if (message.method === 'ping') return wire.send({ jsonrpc: '2.0', id: message.id, result: {} });
  try {
    const result = await ask({ method: String(message.method), params: (message.params ?? {}) as Frame });
    await wire.send({ jsonrpc: '2.0', id: message.id, result });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await wire.send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: text } });
    throw error;
  }
}
