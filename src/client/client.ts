// An MCP client of either era over any wire: the 2026 envelope on every request or the 2025
// handshake, questions answered (MRTR rounds, or the server's own 2025 requests), a task followed to
// its end. What `zod-mcp call`, `snapshot`, `record` and zod-mcp/testing's `connect` speak with.
import { VERSION } from '../version.js';
import { exchange } from './exchange.js';
import { headerParamsOf, requestHeaders, type HeaderParam } from './headers.js';
import { followTask } from './task.js';
import type { Answer, Progress, Question, RequestOptions } from './types.js';
import { RemoteError, WireError, type Frame, type Wire } from './wire.js';

export type { Answer, Progress, Question, RequestOptions } from './types.js';

export type EraName = '2025' | '2026';
/** `auto`: 2026 when the server's `server/discover` says it speaks it, else the 2025 handshake. */
export type EraChoice = EraName | 'auto';

export const PROTOCOL_VERSIONS: Readonly<Record<EraName, string>> = { '2025': '2025-11-25', '2026': '2026-07-28' };
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const MAX_ROUNDS = 16;
/** How long `server/discover` is waited for: a 2025-only server may never answer it (MCP 2026-07-28, stdio). */
const PROBE_MS = 5_000;

export interface ClientOptions {
  readonly era?: EraChoice;
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** What the client declares it can do (elicitation, sampling, roots, extensions). */
  readonly capabilities?: Readonly<Record<string, unknown>>;
  /** Declare the tasks extension (2026) and follow a task a call becomes to its end. */
  readonly tasks?: boolean;
  readonly answer?: Answer;
  /** How long to wait for `server/discover` before taking the server for 2025-only (default 5000 ms). */
  readonly probeMs?: number;
}

/** The server does not serve the era asked for: it refused the handshake, or never answered the probe. */
export class EraNotServed extends Error {
  readonly era: EraName;

  /** `why`: what the server answered (or did not), the message as it is. */
  constructor(era: EraName, why: string, options?: { cause?: unknown }) {
    super(why, options);
    this.era = era;
    this.name = 'EraNotServed';
  }
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

  private constructor(wire: Wire, options: ClientOptions, era: EraName, server: Frame, id: number) {
    this.#wire = wire;
    this.#options = options;
    this.era = era;
    this.server = server;
    this.#id = id;
    this.#capabilities = capabilitiesOf(options, era);
  }

  /** Connects in the chosen era; `auto` asks `server/discover` first, and falls back to `initialize`. */
  static async open(wire: Wire, options: ClientOptions = {}): Promise<McpClient> {
    const era = options.era ?? 'auto';
    if (era === '2025') return McpClient.#initialize(wire, options, 0);
    const probe = new McpClient(wire, options, '2026', {}, 0);
    try {
      return new McpClient(wire, options, '2026', await probe.#discover(), probe.#id);
    } catch (error) {
      if (era === '2026' || !(error instanceof EraNotServed)) throw error;
      return McpClient.#initialize(wire, options, probe.#id);
    }
  }

  /** `server/discover`, waited for PROBE_MS; an answer that is not 2026's is EraNotServed. */
  async #discover(): Promise<Frame> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const asked = this.#send('server/discover', {});
    asked.catch(() => undefined); // answered after the wait: nobody reads it
    const waited = new Promise<never>((_resolve, reject) => {
      const ms = this.#options.probeMs ?? PROBE_MS;
      timer = setTimeout(() => reject(new EraNotServed('2026', `no answer to server/discover in ${ms} ms`)), ms);
    });
    try {
      const discovered = await Promise.race([asked, waited]);
      const versions = discovered.supportedVersions;
      if (Array.isArray(versions) && versions.includes(PROTOCOL_VERSIONS['2026'])) return discovered;
      throw new EraNotServed('2026', `server/discover offers ${JSON.stringify(versions)}, not 2026-07-28`);
    } catch (error) {
      throw refusal('2026', 'server/discover', error);
    } finally {
      clearTimeout(timer);
    }
  }

  static async #initialize(wire: Wire, options: ClientOptions, id: number): Promise<McpClient> {
    const client = new McpClient(wire, options, '2025', {}, id);
    const params = {
      protocolVersion: PROTOCOL_VERSIONS['2025'],
      capabilities: client.#capabilities,
      clientInfo: client.#clientInfo,
    };
    const result = await client.#send('initialize', params).catch((error: unknown) => {
      throw refusal('2025', 'initialize', error);
    });
    await wire.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return new McpClient(wire, options, '2025', result, client.#id);
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
    let reported: string | undefined;
    const onProgress = (progress: Progress) => {
      reported = progress.message;
      options.onProgress?.(progress);
    };
    const tracked = options.onProgress === undefined ? options : { ...options, onProgress };
    const ask = options.answer ?? this.#ask;
    let sent = params;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      options.signal?.throwIfAborted(); // given up while a question was answered
      const result = await this.#send(method, sent, tracked, ask);
      if (result.resultType === 'task' && typeof result.taskId === 'string') {
        const send = (next: string, nextParams: Frame) => this.#send(next, nextParams);
        return followTask(result, send, ask, { ...tracked, reported });
      }
      if (result.resultType !== 'input_required') return result;
      const requests = (result.inputRequests ?? {}) as Record<string, Question>;
      const inputResponses: Frame = {};
      for (const [key, question] of Object.entries(requests)) {
        inputResponses[key] = await ask({ key, method: question.method, params: question.params ?? {} });
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
    const cursors = new Set<unknown>();
    let cursor: unknown;
    do {
      const page = await this.request(method, cursor === undefined ? {} : { cursor });
      items.push(...((page[key] as Frame[] | undefined) ?? []));
      cursor = page.nextCursor;
      if (cursors.has(cursor)) throw new Error(`${method}: the server gave the cursor ${JSON.stringify(cursor)} twice`);
      cursors.add(cursor);
    } while (typeof cursor === 'string');
    if (key === 'tools') for (const tool of items) this.#noteHeaders(tool);
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

  /** One frame out and its response in, with the era's envelope (and, over HTTP, its headers). */
  #send(method: string, params: Frame, options: RequestOptions = {}, ask: Answer = this.#ask): Promise<Frame> {
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
    const marks = method === 'tools/call' ? this.#headerParams.get(String(params.name)) : undefined;
    const headers = this.era === '2026' ? requestHeaders(PROTOCOL_VERSIONS['2026'], method, body, marks) : undefined;
    const request = { jsonrpc: '2.0', id, method, params: body };
    const { onProgress, signal } = options;
    return exchange(this.#wire, request, { headers, progressToken, onProgress, ask, signal });
  }
}

/**
 * A handshake's failure as EraNotServed when it says the era is not served (an error frame, an HTTP
 * 4xx whose body is no JSON-RPC answer); anything else (a server out of reach) as it is.
 */
function refusal(era: EraName, method: string, error: unknown): unknown {
  if (error instanceof EraNotServed) return error;
  const why = `${method} was refused: `;
  if (error instanceof RemoteError)
    return new EraNotServed(era, `${why}error ${error.code}: ${error.detail}`, { cause: error });
  if (error instanceof WireError && error.status !== undefined && error.status >= 400 && error.status < 500)
    return new EraNotServed(era, `${why}${error.message}`, { cause: error });
  return error;
}

function capabilitiesOf(options: ClientOptions, era: EraName): Readonly<Record<string, unknown>> {
  const declared = options.capabilities ?? {};
  if (era === '2025' || options.tasks !== true) return declared;
  const extensions = { ...(declared.extensions as Frame | undefined), [TASKS_EXTENSION]: {} };
  return { ...declared, extensions };
}
