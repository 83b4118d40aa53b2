// A call_tool request is served as the tools/call of the tool it names, before anything else sees it:
// middleware, rate limits, scopes, tasks, MRTR rounds and traces all meet the real tool, by its name.
// Arguments call_tool's own schema refuses are left to call_tool, which answers the isError result.
import type { IncomingRequest } from '../../core/codec.js';
import type { ArgumentPolicy } from '../../core/server-state.js';
import { dropAddedNulls, type SchemaProfile } from '../../schema/json-schema/profiles.js';
import { applyPolicy } from '../tools/arguments.js';
import type { Tool } from '../tools/define.js';
import { CALL_TOOL } from './meta-tools.js';

export type Redirect = (request: IncomingRequest) => IncomingRequest;

export function redirectCallTool(
  callTool: () => Tool,
  policy: ArgumentPolicy | undefined,
  profile: SchemaProfile,
): Redirect {
  return (request) => {
    const { params } = request;
    if (request.method !== 'tools/call' || params?.name !== CALL_TOOL) return request;
    let args = params.arguments;
    if (!isObject(args)) return request;
    if (profile === 'openai-strict' || policy !== undefined) {
      const schema = callTool().descriptor.inputSchema as Record<string, unknown>;
      if (profile === 'openai-strict') args = dropAddedNulls(schema, args);
      if (policy !== undefined) {
        const applied = applyPolicy(schema, args as Record<string, unknown>, policy);
        if ('error' in applied) return request;
        args = applied.args;
      }
    }
    // call_tool's schema (CallArguments), checked by hand on this path: a name, and arguments that are an object.
    const { name, arguments: inner } = args as { name?: unknown; arguments?: unknown };
    if (typeof name !== 'string' || name === '' || (inner !== undefined && !isObject(inner))) return request;
    const { id, method, headers } = request;
    return { id, method, params: innerParams(params, name, inner), headers, via: CALL_TOOL };
  };
}

/**
 * The outer params with the tool's name and arguments, everything else (`_meta`, an MRTR retry's state) kept, in
 * the order a direct call's params come in (name, arguments, the rest): the code after sees the shape it knows.
 */
function innerParams(params: Record<string, unknown>, name: string, inner: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = inner === undefined ? { name } : { name, arguments: inner };
  for (const key in params) if (key !== 'name' && key !== 'arguments') next[key] = params[key];
  return next;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
