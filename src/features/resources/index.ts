// The resources feature: resources/list and resources/templates/list (paginated, cacheable),
// resources/read, and on 2025 resources/subscribe and resources/unsubscribe, over registries that
// may change while the server runs (each change is published as `resources/list_changed`).
import { permits, requireScopes } from '../../core/auth.js';
import { PaginatedParams } from '../../../schemas/common.js';
import {
  ResourceParams,
  type ListResourceTemplatesResult,
  type ListResourcesResult,
  type ReadResourceResult,
  type Resource as ResourceDescriptor,
} from '../../../schemas/resources.js';
import type { RequestContext } from '../../core/context.js';
import { extendContext } from '../../core/handler-context.js';
import type { EventBus } from '../../core/events.js';
import { isThenable, type MaybePromise } from '../../core/maybe-async.js';
import { inRoundsVisibly } from '../../core/input/round.js';
import { InputRequired } from '../../core/input/round-state.js';
import { defineMethod } from '../../core/method.js';
import { page } from '../../core/paginate.js';
import { within } from '../../core/within.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { describeIssues } from '../../schema/issues.js';
import { parse } from '../../schema/parse.js';
import type { ParseResult } from '../../schema/zod.js';
import type { Feature } from '../feature.js';
import { toReadResult } from './contents.js';
import type { Resource, ResourceTemplate } from './define.js';
import { rendersApps } from '../apps/tool.js';

export interface ResourcesOptions {
  readonly pageSize: number;
  readonly listChanged: boolean;
  readonly events: EventBus;
  readonly timeoutMs: number | undefined;
}

export interface ResourcesFeature extends Feature {
  add(resource: Resource | ResourceTemplate): void;
  /** By URI for a resource, by URI template for a template; whether it was there. */
  remove(uriOrTemplate: string): boolean;
  /** The template whose uriTemplate this is (completion's `ref/resource`). */
  template(uriTemplate: string): ResourceTemplate | undefined;
  list(): readonly (Resource | ResourceTemplate)[];
  /** The scopes reading this URI needs (its resource's or template's). */
  scopesOf(uri: string): readonly string[] | undefined;
}

/** Where a URI leads: a resource of its own, or a template and the variables it matched. */
type Target = { resource: Resource } | { template: ResourceTemplate; matched: Record<string, string> };

export function resourcesFeature(
  initial: readonly (Resource | ResourceTemplate)[],
  options: ResourcesOptions,
): ResourcesFeature {
  const resources = new Map<string, Resource>();
  const templates = new Map<string, ResourceTemplate>();
  const put = (item: Resource | ResourceTemplate) => {
    if (item.kind === 'resource') {
      if (resources.has(item.uri)) throw new TypeError(`resource ${JSON.stringify(item.uri)} is defined twice`);
      resources.set(item.uri, item);
    } else {
      const key = item.descriptor.uriTemplate;
      if (templates.has(key)) throw new TypeError(`resource template ${JSON.stringify(key)} is defined twice`);
      templates.set(key, item);
    }
  };
  for (const item of initial) put(item);
  const changed = () => options.events.publish({ type: 'resources/list_changed' });
  const fixed = (what: string) => {
    if (!options.listChanged)
      throw new TypeError(`${what}: this server was built with listChanged: false, so its resources cannot change`);
  };

  const find = (uri: string): Target | undefined => {
    const resource = resources.get(uri);
    if (resource !== undefined) return { resource };
    for (const template of templates.values()) {
      const matched = template.template.match(uri);
      if (matched !== undefined) return { template, matched };
    }
    return undefined;
  };
  const notFound = (uri: string) => new ProtocolError(ErrorCode.ResourceNotFound, { uri });

  const listResources = defineMethod(
    PaginatedParams,
    (params, ctx) => {
      const listed = allListed(resources, templates, ctx);
      const shape = (items: readonly ResourceDescriptor[]): ListResourcesResult => {
        const { items: pageItems, nextCursor } = page(items, params?.cursor, options.pageSize, 'resources');
        return nextCursor === undefined ? { resources: [...pageItems] } : { resources: [...pageItems], nextCursor };
      };
      return isThenable(listed) ? Promise.resolve(listed).then(shape) : shape(listed);
    },
    { cacheable: true },
  );

  const listTemplates = defineMethod(
    PaginatedParams,
    (params, ctx): ListResourceTemplatesResult => {
      const descriptors = [...templates.values()]
        .filter((template) => permits(ctx.auth, template.scopes))
        .map((template) => template.descriptor);
      const { items, nextCursor } = page(descriptors, params?.cursor, options.pageSize, 'templates');
      return nextCursor === undefined
        ? { resourceTemplates: [...items] }
        : { resourceTemplates: [...items], nextCursor };
    },
    { cacheable: true },
  );

  const read = defineMethod(
    ResourceParams,
    (params, ctx) => {
      const target = find(params.uri);
      if (target === undefined) throw notFound(params.uri);
      return readTarget(target, params.uri, ctx, options.timeoutMs);
    },
    { cacheable: true, asksClient: true },
  );

  const subscribe = defineMethod(
    ResourceParams,
    (params, ctx) => {
      const target = find(params.uri);
      if (target === undefined) throw notFound(params.uri);
      requireScopes(
        ctx.auth,
        'resource' in target ? target.resource.scopes : target.template.scopes,
        `resource ${JSON.stringify(params.uri)}`,
      );
      const subscribed = ctx.session.resourceSubscriptions;
      if (!subscribed.has(params.uri)) ctx.server.subscriptions.checkSubscribe(subscribed.size);
      subscribed.add(params.uri);
      return {};
    },
    { eras: ['rev2025'] },
  );

  const unsubscribe = defineMethod(
    ResourceParams,
    (params, ctx) => {
      ctx.session.resourceSubscriptions.delete(params.uri);
      return {};
    },
    { eras: ['rev2025'] },
  );

  return {
    capabilities: { resources: { subscribe: true, listChanged: options.listChanged } },
    methods: {
      'resources/list': listResources,
      'resources/templates/list': listTemplates,
      'resources/read': read,
      'resources/subscribe': subscribe,
      'resources/unsubscribe': unsubscribe,
    },
    add(item) {
      fixed(`addResource(${JSON.stringify(item.kind === 'resource' ? item.uri : item.descriptor.uriTemplate)})`);
      put(item);
      changed();
    },
    remove(key) {
      fixed(`removeResource(${JSON.stringify(key)})`);
      const had = resources.delete(key) || templates.delete(key);
      if (had) changed();
      return had;
    },
    template: (uriTemplate) => templates.get(uriTemplate),
    list: () => [...resources.values(), ...templates.values()],
    scopesOf(uri) {
      const target = find(uri);
      return target === undefined ? undefined : 'resource' in target ? target.resource.scopes : target.template.scopes;
    },
  };
}

/** Every resource of its own, then what each template lists (with the template's name where it gives none). */
function allListed(
  resources: ReadonlyMap<string, Resource>,
  templates: ReadonlyMap<string, ResourceTemplate>,
  ctx: RequestContext,
): MaybePromise<readonly ResourceDescriptor[]> {
  // `ui://` is reserved for MCP Apps views: listed to clients that render them (read by any).
  const apps = rendersApps(ctx.client.capabilities);
  const own = [...resources.values()]
    .filter((resource) => permits(ctx.auth, resource.scopes) && (apps || !resource.uri.startsWith('ui://')))
    .map((resource) => resource.descriptor);
  const listing = [...templates.values()].filter(
    (template) => template.list !== undefined && permits(ctx.auth, template.scopes),
  );
  if (listing.length === 0) return own;
  const lists = listing.map((template) => {
    const named = (items: readonly { name?: string; uri: string }[]) =>
      items.map((item) => ({ ...item, name: item.name ?? template.name }) as ResourceDescriptor);
    const found = template.list!(extendContext(ctx, {}));
    return isThenable(found) ? Promise.resolve(found).then(named) : named(found);
  });
  if (!lists.some(isThenable)) return [...own, ...(lists as ResourceDescriptor[][]).flat()];
  return Promise.all(lists).then((all) => [...own, ...all.flat()]);
}

function readTarget(
  target: Target,
  uri: string,
  ctx: RequestContext,
  timeoutMs: number | undefined,
): MaybePromise<ReadResourceResult | InputRequired | null> {
  const rctx = extendContext(ctx, { uri });
  if ('resource' in target) {
    const { resource } = target;
    const owner = `resource ${JSON.stringify(resource.uri)}`;
    requireScopes(ctx.auth, resource.scopes, owner);
    const value = within(ctx, resource.timeoutMs ?? timeoutMs, owner, () =>
      inRoundsVisibly(ctx, () => resource.read(rctx)),
    );
    const shape = (late: unknown) =>
      late === null
        ? null
        : late instanceof InputRequired
          ? late
          : toReadResult(uri, resource.descriptor.mimeType, late, owner);
    return isThenable(value) ? Promise.resolve(value).then(shape) : shape(value);
  }
  const { template, matched } = target;
  const owner = `resource template ${JSON.stringify(template.descriptor.uriTemplate)}`;
  requireScopes(ctx.auth, template.scopes, owner);
  const run = (parsed: ParseResult) => {
    if (!parsed.ok) throw new ProtocolError(ErrorCode.InvalidParams, `params.uri: ${describeIssues(parsed.issues)}`);
    const value = within(ctx, template.timeoutMs ?? timeoutMs, owner, () =>
      inRoundsVisibly(ctx, () => template.read(parsed.value, rctx)),
    );
    const shape = (late: unknown) =>
      late === null ? null : late instanceof InputRequired ? late : toReadResult(uri, template.mimeType, late, owner);
    return isThenable(value) ? Promise.resolve(value).then(shape) : shape(value);
  };
  const parsed = parse(template.variables, matched, template.asyncVariables);
  return isThenable(parsed) ? Promise.resolve(parsed).then(run) : run(parsed);
}
