// An MCP client of either era over any wire: the 2026 envelope on every request or the 2025
// handshake, questions answered (MRTR rounds, or the server's own 2025 requests), a task followed to
// its end. What `zod-mcp call`, `snapshot`, `record` and zod-mcp/testing's `connect` speak with.
import { VERSION } from '../version.js';
import { headerParamsOf, requestHeaders, type HeaderParam } from './headers.js';
import { followTask } from './task.js';
import type { Answer, Progress, Question, RequestOptions } from './types.js';
import { RemoteError, type Frame, type Wire } from './wire.js';

export type { Answer, Progress, Question, RequestOptions } from './types.js';

export type EraName = '2025' | '2026';
/** `auto`: 2026 when the server's `server/discover` says it speaks it, else the 2025 handshake. */
export type EraChoice = EraName | 'auto';

export const PROTOCOL_VERSIONS: Readonly<Record<EraName, string>> = { '2025': '2025-11-25', '2026': '2026-07-28' };
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const MAX_ROUNDS = 16;

export interface ClientOptions {
  readonly era?: EraChoice;
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** What the client declares it can do (elicitation, sampling, roots, extensions). */
  readonly capabilities?: Readonly<Record<string, unknown>>;
  /** Declare the tasks extension (2026) and follow a task a call becomes to its end. */
  readonly tasks?: boolean;
  readonly answer?: Answer;
}

export class McpClient {
  readonly era: EraName;
  /** What the handshake or `server/discover` answered. */
  readonly server: Frame;
  readonly #wire: Wire;
  readonly #options: ClientOptions;
  readonly #capabilities: Readonly<Record<string, unknown>>;
  readonly #headerParams = new Map<string, HeaderParam[]>();
  #id = 0;

  private constructor(wire: Wire, options: ClientOptions, era: EraName, server: Frame) {
    this.#wire = wire;
    this.#options = options;
    this.era = era;
    this.server = server;
    this.#capabilities = capabilitiesOf(options, era);
  }

  /** Connects in the chosen era; `auto` asks `server/discover` first, and falls back to `initialize`. */
  static async open(wire: Wire, options: ClientOptions = {}): Promise<McpClient> {
    const era = options.era ?? 'auto';
    if (era !== '2025') {
      const probe = new McpClient(wire, options, '2026', {});
      try {
        const discovered = await probe.#send('server/discover', {}, {});
        const versions = discovered.supportedVersions;
        if (Array.isArray(versions) && versions.includes(PROTOCOL_VERSIONS['2026'])) {
          return new McpClient(wire, options, '2026', discovered).#continue(probe.#id);
        }
        if (era === '2026') throw new Error(`the server does not speak ${PROTOCOL_VERSIONS['2026']}`);
      } catch (error) {
        if (era === '2026') throw error;
      }
      return McpClient.#initialize(wire, options, probe.#id);
    }
    return McpClient.#initialize(wire, options, 0);
  }

  static async #initialize(wire: Wire, options: ClientOptions, id: number): Promise<McpClient> {
    const client = new McpClient(wire, options, '2025', {}).#continue(id);
    const result = await client.#send('initialize', {
      protocolVersion: PROTOCOL_VERSIONS['2025'],
      capabilities: client.#capabilities,
      clientInfo: client.#clientInfo,
    });
    await wire.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return new McpClient(wire, options, '2025', result).#continue(client.#id);
  }

  #continue(id: number): this {
    this.#id = id;
    return this;
  }

  get #clientInfo() {
    return this.#options.clientInfo ?? { name: 'zod-mcp', version: VERSION };
  }

  /** The protocol version spoken: 2026-07-28, or what `initialize` agreed on. */
  get protocolVersion(): string {
    return this.era === '2026' ? PROTOCOL_VERSIONS['2026'] : String(this.server.protocolVersion);
  }

  /**
   * One request's result as the server sent it, after every question it asked was answered and, for
   * a call that became a task, the task's result. An error frame is thrown as a RemoteError.
   */
  async request(method: string, params: Frame = {}, options: RequestOptions = {}): Promise<Frame> {
    let sent = params;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await this.#send(method, sent, options);
      if (result.resultType === 'task' && typeof result.taskId === 'string') {
        return followTask(result, (next, nextParams) => this.#send(next, nextParams, {}), this.#ask, options);
      }
      if (result.resultType !== 'input_required') return result;
      const requests = (result.inputRequests ?? {}) as Record<string, Question>;
      const inputResponses: Frame = {};
      for (const [key, question] of Object.entries(requests)) {
        inputResponses[key] = await this.#ask({ key, method: question.method, params: question.params ?? {} });
      }
      sent = {
        ...params,
        ...(Object.keys(inputResponses).length === 0 ? {} : { inputResponses }),
        ...(result.requestState === undefined ? {} : { requestState: result.requestState }),
      };
    }
    throw new Error(`${method}: the server still asks after ${MAX_ROUNDS} rounds`);
  }

  /** A list method followed to its last page. */
  async list(method: string, key: string): Promise<Frame[]> {
    const items: Frame[] = [];
    let cursor: unknown;
    do {
      const page = await this.request(method, cursor === undefined ? {} : { cursor });
      items.push(...((page[key] as Frame[] | undefined) ?? []));
      if (key === 'tools') for (const tool of items) this.#noteHeaders(tool);
      cursor = page.nextCursor;
    } while (typeof cursor === 'string');
    return items;
  }

  listTools = (): Promise<Frame[]> => this.list('tools/list', 'tools');
  callTool = (name: string, args: Frame = {}, options: RequestOptions = {}): Promise<Frame> =>
    this.request('tools/call', { name, arguments: args }, options);
  readResource = (uri: string): Promise<Frame> => this.request('resources/read', { uri });
  getPrompt = (name: string, args: Readonly<Record<string, string>> = {}): Promise<Frame> =>
    this.request('prompts/get', { name, arguments: args });

  close(): Promise<void> {
    return this.#wire.close();
  }

  #noteHeaders(tool: Frame): void {
    if (typeof tool.name === 'string') this.#headerParams.set(tool.name, headerParamsOf(tool.inputSchema));
  }

  #ask = async (question: Question): Promise<Frame> => {
    const { answer } = this.#options;
    if (answer === undefined) throw new Error(`the server asks (${question.method}), and this client answers nothing`);
    return answer(question);
  };

  /** One frame out and its response in; 2025 requests the server sends meanwhile are answered. */
  async #send(method: string, params: Frame, options: RequestOptions = {}): Promise<Frame> {
    const id = ++this.#id;
    const progressToken = options.onProgress === undefined ? undefined : `progress-${id}`;
    const meta: Frame = {
      ...(params._meta as Frame | undefined),
      ...(progressToken === undefined ? {} : { progressToken }),
      ...(this.era === '2026'
        ? {
            'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSIONS['2026'],
            'io.modelcontextprotocol/clientCapabilities': this.#capabilities,
            'io.modelcontextprotocol/clientInfo': this.#clientInfo,
          }
        : {}),
    };
    const body = Object.keys(meta).length === 0 ? params : { ...params, _meta: meta };
    const headers =
      this.era === '2026'
        ? requestHeaders(PROTOCOL_VERSIONS['2026'], method, body, this.#headerParams.get(String(params.name)))
        : undefined;
    let refused: unknown;
    const answering: Promise<void>[] = [];
    const response = await this.#wire.exchange(
      { jsonrpc: '2.0', id, method, params: body },
      (message) => {
        if (typeof message.method !== 'string') return;
        if (message.id !== undefined) {
          answering.push(
            this.#answerRequest(message).catch((error: unknown) => {
              refused ??= error;
            }),
          );
        } else if (message.method === 'notifications/progress') {
          const progress = message.params as Progress & { progressToken?: unknown };
          if (progressToken !== undefined && progress?.progressToken === progressToken) {
            const { progressToken: _token, ...rest } = progress;
            options.onProgress?.(rest);
          }
        }
      },
      headers,
    );
    await Promise.all(answering);
    if (refused !== undefined) throw refused;
    if (response.error !== undefined)
      throw new RemoteError(response.error as ConstructorParameters<typeof RemoteError>[0]);
    return (response.result ?? {}) as Frame;
  }

  /** A 2025 server's own request: answered, or refused with an error frame (and the refusal rethrown). */
  async #answerRequest(message: Frame): Promise<void> {
    const question = { method: String(message.method), params: (message.params ?? {}) as Frame };
    try {
      const result = await this.#ask(question);
      await this.#wire.send({ jsonrpc: '2.0', id: message.id, result });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await this.#wire.send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: text } });
      throw error;
    }
  }
}

function capabilitiesOf(options: ClientOptions, era: EraName): Readonly<Record<string, unknown>> {
  const declared = options.capabilities ?? {};
  if (era === '2025' || options.tasks !== true) return declared;
  const extensions = { ...(declared.extensions as Frame | undefined), [TASKS_EXTENSION]: {} };
  return { ...declared, extensions };
}
