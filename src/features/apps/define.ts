// defineApp: the HTML view of an MCP App (io.modelcontextprotocol/ui), checked when defined, and the
// `ui://` resource that serves it once a tool links it (apps.mdx "UI Resource Format").
import { APP_MIME_TYPE, type AppCsp, type AppPermissions, type ResourceUiMeta } from '../../../schemas/apps.js';
import { builtinModule } from '../../runtime/host.js';
import { isThenable, type MaybePromise } from '../../core/maybe-async.js';
import { optionKeys, refuseUnknownOptions } from '../../core/options.js';
import { defineResource, type Resource, type ResourceContext } from '../resources/define.js';
import { withBridge } from './bridge.js';

export type AppPermission = keyof AppPermissions;
const PERMISSIONS: readonly AppPermission[] = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];
const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

export interface AppDefinition {
  /** The view's `ui://` URI; by default `ui://<tool>/app.html`, from the first tool that links the app. */
  uri?: string;
  /** Its name in resources/list; by default the first linking tool's name. */
  name?: string;
  title?: string;
  description?: string;
  /** The view: a whole HTML5 document (one of `html`, `file`, `render`). */
  html?: string;
  /** A file holding it (a bundler's single-file output, say), read on each resources/read; Node, Bun and Deno only. */
  file?: string | URL;
  /**
   * Builds it on each resources/read. It is a template: the tool's data reaches it as `ui/notifications/tool-result`.
   */
  render?: (ctx: ResourceContext) => MaybePromise<string>;
  /** Origins the view may reach beyond its own document; each list empty unless given (the host's CSP). */
  csp?: AppCsp;
  /** Browser features asked for (the host may grant them): camera, microphone, geolocation, clipboardWrite. */
  permissions?: readonly AppPermission[];
  /** A dedicated sandbox origin, in the form the host documents. */
  domain?: string;
  /** Whether the host should draw a border and background around the view. */
  prefersBorder?: boolean;
  /** Puts zod-mcp's bridge script (`window.mcpApp`) first in the document's <head>; for views without an SDK. */
  bridge?: boolean;
}

const APP_KEYS = optionKeys<AppDefinition>({
  uri: true,
  name: true,
  title: true,
  description: true,
  html: true,
  file: true,
  render: true,
  csp: true,
  permissions: true,
  domain: true,
  prefersBorder: true,
  bridge: true,
});

/** A defined view; `defineTool({ app })` links it, and the server serves it as a `ui://` resource. */
export interface App {
  readonly kind: 'app';
  readonly uri: string | undefined;
  readonly name: string | undefined;
  /** The `_meta.ui` of its resource and of its contents. */
  readonly ui: ResourceUiMeta;
  /**
   * Links the view to a tool: its URI and resource, fixed by the first tool that links it (from that
   * tool's name, unless the app names its own), so the tools that share a view share one resource.
   */
  link(tool: string): Resource;
}

/**
 * A CSP source as the spec's examples write them: `https://host`, `wss://host:port`,
 * `https://*.host`. Anything else (a path, a quote, a `;`) could widen or break the host's policy.
 */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const ORIGIN = new RegExp(
  `^(?:https?|wss?)://(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*(?::[0-9]{1,5})?$` +
    '|^(?:https?|wss?)://\\[[0-9A-Fa-f:.]+\\](?::[0-9]{1,5})?$',
);
const DOCTYPE = /^\uFEFF?\s*<!doctype html[\s>]/i;

function checkCsp(csp: unknown, owner: string): Required<AppCsp> {
  if (csp !== undefined && (typeof csp !== 'object' || csp === null || Array.isArray(csp)))
    throw new TypeError(`${owner}: csp must be an object of origin lists`);
  refuseUnknownOptions(`${owner}: csp`, csp, CSP_KEYS);
  const given = (csp ?? {}) as AppCsp;
  const checked = {} as Required<AppCsp>;
  for (const key of CSP_KEYS) {
    const list = given[key] ?? [];
    if (!Array.isArray(list)) throw new TypeError(`${owner}: csp.${key} must be an array of origins`);
    list.forEach((origin: unknown, index) => {
      if (typeof origin !== 'string' || !ORIGIN.test(origin)) {
        throw new TypeError(
          `${owner}: csp.${key}[${index}]: ${JSON.stringify(origin)} is not an origin (scheme://host[:port], the ` +
            'host may start with *.)',
        );
      }
    });
    checked[key] = [...list];
  }
  return checked;
}

function checkPermissions(permissions: unknown, owner: string): AppPermissions | undefined {
  if (permissions === undefined) return undefined;
  if (!Array.isArray(permissions))
    throw new TypeError(`${owner}: permissions must be an array of ${PERMISSIONS.join(', ')}`);
  const granted: AppPermissions = {};
  for (const permission of permissions) {
    if (!PERMISSIONS.includes(permission as AppPermission))
      throw new TypeError(
        `${owner}: permissions: unknown permission ${JSON.stringify(permission)}; known are ${PERMISSIONS.join(', ')}`,
      );
    granted[permission as AppPermission] = {};
  }
  return granted;
}

/** The document as sent: refused unless it is a whole HTML5 document (the spec's "valid HTML5 document"). */
export function checkDocument(html: unknown, owner: string): string {
  if (typeof html !== 'string' || !DOCTYPE.test(html))
    throw new TypeError(`${owner}: the view must be an HTML5 document starting with <!DOCTYPE html>`);
  return html;
}

/** Where `file` is read from: its path now, and a reader of the runtime's file system. */
function fileReader(file: string | URL, owner: string): () => Promise<string> {
  const fs = builtinModule<typeof import('node:fs')>('node:fs');
  if (fs === undefined)
    throw new TypeError(
      `${owner}: file needs a runtime with a file system (Node, Bun, Deno); give html or render instead`,
    );
  if (!fs.existsSync(file)) throw new TypeError(`${owner}: file ${String(file)} does not exist`);
  return () => fs.promises.readFile(file, 'utf8');
}

/**
 * Defines an app's view. Give exactly one of `html`, `file` or `render`; the CSP origins, the
 * permissions and the document (for `html`) are checked now, so a mistake throws at start-up.
 */
export function defineApp(definition: AppDefinition): App {
  const owner = definition.uri === undefined ? 'app' : `app ${JSON.stringify(definition.uri)}`;
  refuseUnknownOptions(owner, definition, APP_KEYS);
  const { uri, name, title, description, html, file, render, domain, prefersBorder, bridge = false } = definition;
  if (uri !== undefined && (typeof uri !== 'string' || !/^ui:\/\/[^\s]+$/.test(uri)))
    throw new TypeError(`${owner}: uri must be a ui:// URI`);
  if (name !== undefined && (typeof name !== 'string' || name.trim() === ''))
    throw new TypeError(`${owner}: name must be a non-empty string`);
  const sources = [html, file, render].filter((source) => source !== undefined).length;
  if (sources !== 1) throw new TypeError(`${owner}: give exactly one of html, file or render`);
  if (render !== undefined && typeof render !== 'function') throw new TypeError(`${owner}: render must be a function`);
  if (domain !== undefined && (typeof domain !== 'string' || !/^[^\s"';,]+$/.test(domain)))
    throw new TypeError(`${owner}: domain must be a host name, in the form the host documents`);
  if (prefersBorder !== undefined && typeof prefersBorder !== 'boolean')
    throw new TypeError(`${owner}: prefersBorder must be a boolean`);
  const ui: ResourceUiMeta = { csp: checkCsp(definition.csp, owner) };
  const permissions = checkPermissions(definition.permissions, owner);
  if (permissions !== undefined) ui.permissions = permissions;
  if (domain !== undefined) ui.domain = domain;
  if (prefersBorder !== undefined) ui.prefersBorder = prefersBorder;
  const finish = (text: string, where: string) => {
    const document = checkDocument(text, where);
    return bridge ? withBridge(document) : document;
  };
  const inline = html === undefined ? undefined : finish(html, owner);
  const readFile = file === undefined ? undefined : fileReader(file, owner);
  /** The document for one resources/read: `html` as checked once, or `file` or `render` checked each time. */
  const read = (ctx: ResourceContext): MaybePromise<string> => {
    if (inline !== undefined) return inline;
    const [text, where] =
      readFile !== undefined ? [readFile(), `${owner}: file ${String(file)}`] : [render!(ctx), `${owner}: render`];
    return isThenable(text) ? Promise.resolve(text).then((late) => finish(late, where)) : finish(text, where);
  };
  let linked: Resource | undefined;
  return {
    kind: 'app',
    uri,
    name,
    ui,
    link(tool) {
      const linkedUri = uri ?? `ui://${tool}/app.html`;
      linked ??= defineResource({
        uri: linkedUri,
        name: name ?? tool,
        ...(title === undefined ? {} : { title }),
        ...(description === undefined ? {} : { description }),
        mimeType: APP_MIME_TYPE,
        _meta: { ui },
        read: (ctx) => {
          const shape = (text: string) => [{ uri: linkedUri, mimeType: APP_MIME_TYPE, text, _meta: { ui } }];
          const text = read(ctx);
          return isThenable(text) ? Promise.resolve(text).then(shape) : shape(text);
        },
      });
      return linked;
    },
  };
}
