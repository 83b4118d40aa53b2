// The MCP Apps extension `io.modelcontextprotocol/ui` (SEP-1865, stable 2026-01-26): a tool links a
// `ui://` resource holding HTML that the host renders in a sandboxed iframe. What it adds to the wire
// is `_meta.ui` on tools and on UI resources, and the extension's settings in client capabilities.
import { z } from 'zod/v4';
import { lazy } from './direction.js';

export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The one content type of the stable revision ("UI Resource Format", Content Requirements). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * What a host declares under `capabilities.extensions["io.modelcontextprotocol/ui"]` ("Client (Host) Capabilities").
 */
export const AppsClientSettings = lazy(() =>
  z.looseObject({
    /** REQUIRED by the spec: the content types the host renders. */
    mimeTypes: z.array(z.string()).optional(),
  }),
);
export type AppsClientSettings = z.infer<ReturnType<typeof AppsClientSettings>>;

/** Who may call a tool: the model, the app (from the same server only), or both (the default). */
export const ToolVisibility = lazy(() => z.array(z.enum(['model', 'app'])).min(1));
export type ToolVisibility = z.infer<ReturnType<typeof ToolVisibility>>;

/** A tool's `_meta.ui` ("Resource Discovery", McpUiToolMeta). */
export const ToolUiMeta = lazy(() =>
  z.looseObject({
    /** The `ui://` resource the host renders this tool's results with. */
    resourceUri: z.string().startsWith('ui://').optional(),
    visibility: ToolVisibility().optional(),
  }),
);
export type ToolUiMeta = z.infer<ReturnType<typeof ToolUiMeta>>;

/** Origins the view may reach, each mapped by the host to CSP directives (McpUiResourceCsp). */
export const AppCsp = lazy(() =>
  z.object({
    /** fetch, XHR and WebSocket: `connect-src`. */
    connectDomains: z.array(z.string()).optional(),
    /** Scripts, styles, images, fonts, media: `script-src`, `style-src`, `img-src`, `font-src`, `media-src`. */
    resourceDomains: z.array(z.string()).optional(),
    /** Nested iframes: `frame-src` (`'none'` without it). */
    frameDomains: z.array(z.string()).optional(),
    /** The document's base URIs: `base-uri` (`'self'` without it). */
    baseUriDomains: z.array(z.string()).optional(),
  }),
);
export type AppCsp = z.infer<ReturnType<typeof AppCsp>>;

/** Browser features the view asks for; the host may grant them with the iframe's `allow` attribute. */
export const AppPermissions = lazy(() =>
  z.object({
    camera: z.object({}).optional(),
    microphone: z.object({}).optional(),
    geolocation: z.object({}).optional(),
    clipboardWrite: z.object({}).optional(),
  }),
);
export type AppPermissions = z.infer<ReturnType<typeof AppPermissions>>;

/** A UI resource's `_meta.ui`, in resources/list and on its resources/read contents (UIResourceMeta). */
export const ResourceUiMeta = lazy(() =>
  z.object({
    csp: AppCsp().optional(),
    permissions: AppPermissions().optional(),
    /** A dedicated sandbox origin, in a form each host defines. */
    domain: z.string().optional(),
    /** true: the host draws a border and background; false: none; omitted: the host decides. */
    prefersBorder: z.boolean().optional(),
  }),
);
export type ResourceUiMeta = z.infer<ReturnType<typeof ResourceUiMeta>>;
