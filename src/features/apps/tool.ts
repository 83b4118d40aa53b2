// A tool's side of MCP Apps: `_meta.ui` (its view and who may call it, apps.mdx "Resource Discovery"),
// written by defineTool from `app` and `visibility`, or checked as the author wrote it in `_meta`.
import { ToolUiMeta, ToolVisibility, APPS_EXTENSION, APP_MIME_TYPE } from '../../../schemas/apps.js';
import type { Tool as ToolDescriptor } from '../../../schemas/tools.js';
import { describeIssues } from '../../schema/issues.js';
import { ONCE } from '../../schema/parse.js';
import type { Resource } from '../resources/define.js';
import type { App } from './define.js';

/** The key older hosts read the view's URI from; the SDK still writes it beside `ui.resourceUri`. */
const LEGACY_KEY = 'ui/resourceUri';

export interface ToolUi {
  /** Who may call the tool (`["model", "app"]` unless given). */
  readonly visibility: ToolVisibility;
  /** The view the tool links with `app`, which the server serves; undefined for a `_meta.ui` written by hand. */
  readonly view: Resource | undefined;
  /** The tools/list entry for a client that renders no apps: no `_meta.ui`, no legacy key. */
  readonly plain: ToolDescriptor;
}

/**
 * The tool's `_meta` with its `ui` written in, and what the server needs of it; `ui` undefined for a tool without one.
 */
export function linkToolUi(
  tool: string,
  owner: string,
  app: unknown,
  visibility: unknown,
  meta: Record<string, unknown> | undefined,
): { meta: Record<string, unknown> | undefined; view: Resource | undefined; visibility: ToolVisibility | undefined } {
  const written = meta?.ui;
  if (app === undefined && visibility === undefined && written === undefined && meta?.[LEGACY_KEY] === undefined)
    return { meta, view: undefined, visibility: undefined };
  if (app !== undefined && (typeof app !== 'object' || app === null || (app as App).kind !== 'app'))
    throw new TypeError(`${owner}: app must be made by defineApp`);
  let ui: ToolUiMeta = {};
  if (written !== undefined || meta?.[LEGACY_KEY] !== undefined) {
    if (app !== undefined) throw new TypeError(`${owner}: give app or _meta.ui, not both (app writes _meta.ui)`);
    const parsed = ToolUiMeta().safeParse(written ?? {}, ONCE);
    if (!parsed.success) throw new TypeError(`${owner}: ${describeIssues(parsed.error.issues, '_meta.ui')}`);
    ui = parsed.data;
    const legacy = meta?.[LEGACY_KEY];
    if (
      legacy !== undefined &&
      (typeof legacy !== 'string' || (ui.resourceUri !== undefined && legacy !== ui.resourceUri))
    ) {
      throw new TypeError(`${owner}: _meta["ui/resourceUri"] must be the same URI as _meta.ui.resourceUri`);
    }
    if (ui.resourceUri === undefined && typeof legacy === 'string') ui = { resourceUri: legacy, ...ui };
  }
  const view = app === undefined ? undefined : (app as App).link(tool);
  if (view !== undefined) ui = { resourceUri: view.uri };
  if (visibility !== undefined) {
    if (ui.visibility !== undefined) throw new TypeError(`${owner}: give visibility or _meta.ui.visibility, not both`);
    const parsed = ToolVisibility().safeParse(visibility, ONCE);
    if (!parsed.success) throw new TypeError(`${owner}: ${describeIssues(parsed.error.issues, 'visibility')}`);
    ui = { ...ui, visibility: parsed.data };
  }
  if (ui.visibility !== undefined && new Set(ui.visibility).size !== ui.visibility.length)
    throw new TypeError(`${owner}: visibility lists a caller twice`);
  const { ui: _written, [LEGACY_KEY]: _legacy, ...rest } = meta ?? {};
  const uri = ui.resourceUri;
  return {
    meta: { ...rest, ui, ...(uri === undefined ? {} : { [LEGACY_KEY]: uri }) },
    view,
    visibility: ui.visibility ?? ['model', 'app'],
  };
}

/** The entry a client that renders no apps gets: the same tool, without its `_meta.ui` and legacy key. */
export function plainDescriptor(descriptor: ToolDescriptor): ToolDescriptor {
  const { ui: _ui, [LEGACY_KEY]: _legacy, ...rest } = descriptor._meta ?? {};
  const { _meta, ...plain } = descriptor;
  return Object.keys(rest).length === 0 ? plain : { ...plain, _meta: rest };
}

/**
 * Whether the client renders MCP Apps: it declares the extension with the app content type in
 * `mimeTypes` (REQUIRED there, "Client (Host) Capabilities"); on 2026 per request, on 2025 at initialize.
 */
export function rendersApps(capabilities: {
  readonly extensions?: Readonly<Record<string, unknown>> | undefined;
}): boolean {
  const settings = capabilities.extensions?.[APPS_EXTENSION] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(settings?.mimeTypes) && settings.mimeTypes.includes(APP_MIME_TYPE);
}
