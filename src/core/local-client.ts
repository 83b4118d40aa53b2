// Calling the server from the same process without writing frames: ids are assigned, pages are
// followed, progress reaches a callback, and an error frame becomes a thrown ProtocolError. Every
// call goes through `handle`, so it is checked exactly as a client's would be.
import type { Notification, Response } from '../../schemas/jsonrpc.js';
import { ProtocolError, type ErrorCode } from '../jsonrpc/errors.js';
import { Session } from './connection.js';
import type { HandleContext } from './dispatcher.js';
import { optionKeys, refuseUnknownOptions } from './options.js';
import { ALL_TOOLSETS } from './toolsets.js';
import { APPS_EXTENSION, APP_MIME_TYPE } from '../../schemas/apps.js';

export interface CallOptions {
  /** Aborting it cancels the call, as a client's notifications/cancelled does (it then resolves with null). */
  signal?: AbortSignal;
  /** Each notifications/progress the handler sends. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** The caller, when the embedding authenticated it: scopes are checked, work is bound to it. */
  auth?: HandleContext['auth'];
  /**
   * The toolsets to be served (the server's declared ones); every toolset when not given; `'default'`: those a
   * client that names none is served.
   */
  toolsets?: readonly string[] | 'default';
  /** How tools/list shows the tools (`list` or `search`); the server's `discovery` when not given. */
  discovery?: 'list' | 'search';
}

/** What `prepare` takes: the options every request of the caller shares. */
export type PreparedOptions = Omit<CallOptions, 'onProgress' | 'signal'>;

const PREPARED_OPTIONS = optionKeys<PreparedOptions>({ auth: true, toolsets: true, discovery: true });
const CALL_OPTIONS = optionKeys<CallOptions>({
  signal: true,
  onProgress: true,
  auth: true,
  toolsets: true,
  discovery: true,
});

/**
 * The in-process caller is the server's author: it renders MCP Apps and is served every toolset, so it sees every tool.
 */
const EVERY_TOOLSET = [ALL_TOOLSETS];

const CAPABILITIES = { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };

type Handle = (frame: unknown, context: HandleContext) => Promise<Response | null>;
type Result = Record<string, unknown>;

export class LocalClient {
  readonly #handle: Handle;
  readonly #modern: () => boolean;
  readonly #report: (error: unknown) => void;
  readonly #session = new Session();
  readonly #capabilities: typeof CAPABILITIES | Record<string, never>;
  #id = 0;
  /** The context of a request with no options, made once. */
  #plainContext: HandleContext | undefined;

  /**
   * `modern`: whether to speak 2026 (a server that serves no 2025); `report`: where a throwing onProgress goes;
   * `rendersApps`: false for a client that renders no MCP Apps (it is listed no app-only tool, no `_meta.ui`).
   */
  constructor(handle: Handle, modern: () => boolean, report: (error: unknown) => void, rendersApps = true) {
    this.#handle = handle;
    this.#modern = modern;
    this.#report = report;
    this.#capabilities = rendersApps ? CAPABILITIES : {};
    this.#session.client = { ...this.#session.client, capabilities: this.#capabilities };
  }

  /** One request: its result, `null` when it was cancelled, or the error frame thrown as a ProtocolError. */
  async request(method: string, params: Result, options?: CallOptions): Promise<Result | null> {
    if (options === undefined || isEmpty(options)) {
      this.#plainContext ??= this.#contextFor({}, undefined);
      return this.#send(method, params, this.#plainContext, `local-${++this.#id}`, undefined);
    }
    refuseUnknownOptions(method, options, CALL_OPTIONS);
    const id = `local-${++this.#id}`;
    const progressToken = options.onProgress === undefined ? undefined : id;
    return this.#send(
      method,
      params,
      this.#contextFor(options, this.#notifier(options, progressToken)),
      id,
      progressToken,
    );
  }

  /**
   * A caller for requests that all carry the same options (no progress, no signal: those are a call's own):
   * the context is made once, so each request costs what one with no options does.
   */
  prepare(options: PreparedOptions): (method: string, params: Result) => Promise<Result | null> {
    refuseUnknownOptions('prepare', options, PREPARED_OPTIONS);
    const context = this.#contextFor(options, undefined);
    return (method, params) => this.#send(method, params, context, `local-${++this.#id}`, undefined);
  }

  async #send(
    method: string,
    params: Result,
    context: HandleContext,
    id: string,
    progressToken: string | undefined,
  ): Promise<Result | null> {
    const modern = this.#modern();
    const meta = {
      ...(progressToken === undefined ? {} : { progressToken }),
      ...(modern
        ? {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': this.#capabilities,
          }
        : {}),
    };
    const frame = {
      jsonrpc: '2.0',
      id,
      method,
      params: Object.keys(meta).length === 0 ? params : { ...params, _meta: meta },
    };
    const response = await this.#handle(frame, context);
    if (response === null) return null;
    if ('error' in response) throw new ProtocolError(response.error.code as ErrorCode, response.error.data);
    return modern ? plain(response.result as Result) : (response.result as Result);
  }

  #contextFor(options: CallOptions, notify: HandleContext['notify']): HandleContext {
    return {
      session: this.#session,
      ...(notify === undefined ? {} : { notify }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.auth === undefined ? {} : { auth: options.auth }),
      ...(options.toolsets === 'default' ? {} : { toolsets: options.toolsets ?? EVERY_TOOLSET }),
      ...(options.discovery === undefined ? {} : { discovery: options.discovery }),
    };
  }

  /** What hears the request's notifications: its progress, to `onProgress`. */
  #notifier(options: CallOptions, progressToken: string | undefined): HandleContext['notify'] {
    const onProgress = options.onProgress;
    if (onProgress === undefined) return undefined;
    return (message: Notification) => {
      if (
        message.method !== 'notifications/progress' ||
        (message.params as { progressToken?: unknown })?.progressToken !== progressToken
      )
        return;
      const {
        progress,
        total,
        message: text,
      } = message.params as { progress: number; total?: number; message?: string };
      try {
        onProgress({
          progress,
          ...(total === undefined ? {} : { total }),
          ...(text === undefined ? {} : { message: text }),
        });
      } catch (error) {
        this.#report(error); // the caller's callback failing is not the tool's failure
      }
    };
  }

  /** A list method followed to its last page; `null` when the signal aborts it. */
  async all(method: string, key: string, options: CallOptions = {}): Promise<unknown[] | null> {
    const items: unknown[] = [];
    let cursor: string | undefined;
    do {
      if (options.signal?.aborted === true) return null;
      const page = await this.request(method, cursor === undefined ? {} : { cursor }, options);
      if (page === null) return null;
      items.push(...((page[key] as unknown[] | undefined) ?? []));
      cursor = page.nextCursor as string | undefined;
    } while (cursor !== undefined);
    return items;
  }
}

function isEmpty(options: object): boolean {
  for (const _key in options) return false;
  return true;
}

/** A 2026 result as a 2025 client would see it: without resultType, cache hints and the server's identity. */
export function plain(result: Result): Result {
  const { resultType: _type, ttlMs: _ttl, cacheScope: _scope, _meta, ...rest } = result;
  const { 'io.modelcontextprotocol/serverInfo': _info, ...meta } = (_meta ?? {}) as Record<string, unknown>;
  return Object.keys(meta).length === 0 ? rest : { ...rest, _meta: meta };
}
