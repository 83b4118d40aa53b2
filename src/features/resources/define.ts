// defineResource and defineResourceTemplate: checked, and their list entries built, when defined.
import type { Annotations, Icon } from '../../../schemas/common.js';
import type {
  Resource as ResourceDescriptor,
  ResourceTemplate as TemplateDescriptor,
} from '../../../schemas/resources.js';
import type { HandlerContext } from '../../core/handler-context.js';
import { checkScopes } from '../../core/auth.js';
import { checkTimeout } from '../../core/limits.js';
import type { MaybePromise } from '../../core/maybe-async.js';
import { runsAuthorCode } from '../../schema/parse.js';
import { isObjectSchema, type AnyObjectSchema, type Output } from '../../schema/zod.js';
import { fieldsOf } from '../../schema/fields.js';
import type { Completer } from '../completion/complete.js';
import type { ReadReturn } from './contents.js';
import { UriTemplate } from './uri-template.js';
import { optionKeys, refuseUnknownOptions } from '../../core/options.js';
import { checkIcons, checkMeta } from '../../core/metadata.js';

/** The second argument of a resource's read: the handler context, and the URI being read. */
export interface ResourceContext extends HandlerContext {
  readonly uri: string;
}

interface Metadata {
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
  /** Ends a read that runs longer with -32603; defaults to the server's `timeoutMs`. */
  timeoutMs?: number;
  /** OAuth scopes a caller's token must carry (see defineTool's `scopes`). */
  scopes?: readonly string[];
}

export interface ResourceDefinition extends Metadata {
  uri: string;
  /** Size in bytes, when known before reading. */
  size?: number;
  read: (ctx: ResourceContext) => MaybePromise<ReadReturn>;
}

const METADATA_KEYS: { readonly [K in keyof Required<Metadata>]: true } = {
  name: true,
  title: true,
  description: true,
  mimeType: true,
  icons: true,
  annotations: true,
  _meta: true,
  timeoutMs: true,
  scopes: true,
};
const RESOURCE_KEYS = optionKeys<ResourceDefinition>({ ...METADATA_KEYS, uri: true, size: true, read: true });
const TEMPLATE_KEYS = optionKeys<ResourceTemplateDefinition<AnyObjectSchema>>({
  ...METADATA_KEYS,
  uriTemplate: true,
  variables: true,
  list: true,
  complete: true,
  read: true,
});

/** A concrete resource a template lists: its URI and what resources/list says of it. */
export type ListedResource = Omit<ResourceDescriptor, 'name'> & { name?: string };

export interface ResourceTemplateDefinition<V extends AnyObjectSchema> extends Metadata {
  /** RFC 6570, e.g. `file:///{+path}`; every variable must be a field of `variables`. */
  uriTemplate: string;
  /** The template's variables as a Zod object: what `read` gets, parsed (a URI that fails it is -32602). */
  variables: V;
  /** The concrete resources to show in resources/list. */
  list?: (ctx: HandlerContext) => MaybePromise<readonly ListedResource[]>;
  /** Values for completion/complete, per variable; `z.enum` and literal fields complete by themselves. */
  complete?: { [K in keyof Output<V> & string]?: Completer };
  read: (variables: Output<V>, ctx: ResourceContext) => MaybePromise<ReadReturn>;
}

export interface Resource {
  readonly kind: 'resource';
  readonly uri: string;
  readonly descriptor: ResourceDescriptor;
  readonly timeoutMs: number | undefined;
  readonly scopes: readonly string[] | undefined;
  readonly read: (ctx: ResourceContext) => MaybePromise<ReadReturn>;
}

export interface ResourceTemplate {
  readonly kind: 'template';
  readonly name: string;
  readonly template: UriTemplate;
  readonly descriptor: TemplateDescriptor;
  readonly variables: AnyObjectSchema;
  readonly asyncVariables: boolean;
  readonly mimeType: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly scopes: readonly string[] | undefined;
  readonly list: ((ctx: HandlerContext) => MaybePromise<readonly ListedResource[]>) | undefined;
  readonly completers: ReadonlyMap<string, Completer>;
  /** The fixed values of each variable that takes only a few (z.enum, literals). */
  readonly choices: ReadonlyMap<string, readonly string[]>;
  readonly read: (variables: unknown, ctx: ResourceContext) => MaybePromise<ReadReturn>;
}

/** A URI with a scheme (RFC 3986): `test://static-text`, `file:///a.txt`, `urn:x`. */
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/;

/** Checks what resources and templates share; returns their icons and `_meta` as they are sent. */
function checkMetadata(owner: string, meta: Metadata): Pick<Metadata, 'icons' | '_meta'> {
  if (typeof meta.name !== 'string' || meta.name.trim() === '')
    throw new TypeError(`${owner}: name must be a non-empty string`);
  checkTimeout(meta.timeoutMs, `${owner}: timeoutMs`);
  return { icons: checkIcons(meta.icons, owner), _meta: checkMeta(meta._meta, owner) };
}

function optional<T extends object>(entries: T): Partial<T> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A resource with a fixed URI. `read` returns text (a string), bytes (a Uint8Array) or full contents. */
export function defineResource(definition: ResourceDefinition): Resource {
  const { uri, name, title, description, mimeType, size, annotations, timeoutMs, read } = definition;
  const owner = `resource ${JSON.stringify(uri)}`;
  refuseUnknownOptions(owner, definition, RESOURCE_KEYS);
  if (typeof uri !== 'string' || !ABSOLUTE_URI.test(uri))
    throw new TypeError(`${owner}: uri must be an absolute URI with a scheme`);
  const { icons, _meta } = checkMetadata(owner, definition);
  if (size !== undefined && !(Number.isInteger(size) && size >= 0))
    throw new TypeError(`${owner}: size must be a whole number of bytes`);
  if (typeof read !== 'function') throw new TypeError(`${owner}: read must be a function`);
  const descriptor = {
    uri,
    name,
    ...optional({ title, description, mimeType, size, icons, annotations, _meta }),
  } as ResourceDescriptor;
  return { kind: 'resource', uri, descriptor, timeoutMs, scopes: checkScopes(definition.scopes, owner), read };
}

/** A family of resources named by a URI template; the matched variables are parsed with `variables`. */
export function defineResourceTemplate<V extends AnyObjectSchema>(
  definition: ResourceTemplateDefinition<V>,
): ResourceTemplate {
  const { uriTemplate, name, title, description, mimeType, annotations, variables, list, complete, timeoutMs, read } =
    definition;
  const owner = `resource template ${JSON.stringify(uriTemplate)}`;
  refuseUnknownOptions(owner, definition, TEMPLATE_KEYS);
  const { icons, _meta } = checkMetadata(owner, definition);
  let template: UriTemplate;
  try {
    template = new UriTemplate(uriTemplate);
  } catch (error) {
    throw new TypeError(`${owner}: ${(error as Error).message}`);
  }
  if (!ABSOLUTE_URI.test(uriTemplate.replace(/\{[^}]*\}/g, 'x')))
    throw new TypeError(`${owner}: the template must give absolute URIs with a scheme`);
  if (!isObjectSchema(variables))
    throw new TypeError(`${owner}: variables must be a Zod object schema (z.object(...))`);
  const fields = fieldsOf(variables);
  for (const variable of template.variables) {
    if (!fields.has(variable)) throw new TypeError(`${owner}: variable "${variable}" has no field in variables`);
  }
  for (const [field, { required }] of fields) {
    if (required && !template.variables.includes(field)) {
      throw new TypeError(
        `${owner}: field "${field}" is required, but the template has no variable "${field}" to fill it`,
      );
    }
  }
  const completers = new Map<string, Completer>();
  for (const [field, completer] of Object.entries(complete ?? {})) {
    if (!template.variables.includes(field))
      throw new TypeError(`${owner}: complete.${field}: the template has no variable "${field}"`);
    if (typeof completer !== 'function') throw new TypeError(`${owner}: complete.${field} must be a function`);
    completers.set(field, completer as Completer);
  }
  if (typeof read !== 'function') throw new TypeError(`${owner}: read must be a function`);
  const choices = new Map<string, readonly string[]>();
  for (const [field, { values }] of fields) if (values !== undefined) choices.set(field, values);
  const descriptor = {
    uriTemplate,
    name,
    ...optional({ title, description, mimeType, icons, annotations, _meta }),
  } as TemplateDescriptor;
  return {
    kind: 'template',
    name,
    template,
    descriptor,
    variables,
    asyncVariables: runsAuthorCode(variables),
    mimeType,
    timeoutMs,
    scopes: checkScopes(definition.scopes, owner),
    list,
    completers,
    choices,
    read: read as ResourceTemplate['read'],
  };
}
