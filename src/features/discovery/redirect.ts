// A call_tool request is served as the tools/call of the tool it names, before anything else sees it:
// middleware, rate limits, scopes, tasks, MRTR rounds and traces all meet the real tool, by its name.
// Arguments call_tool's own schema refuses are left to call_tool, which answers the isError result.
import type { IncomingRequest } from '../../core/codec.js';
import type { ArgumentPolicy } from '../../core/server-state.js';
import { dropAddedNulls, type SchemaProfile } from '../../schema/json-schema/profiles.js';
import { ONCE } from '../../schema/parse.js';
import { applyPolicy } from '../tools/arguments.js';
import type { Tool } from '../tools/define.js';
import { CALL_TOOL, CallArguments } from './meta-tools.js';

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
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return request;
    const schema = callTool().descriptor.inputSchema as Record<string, unknown>;
    if (profile === 'openai-strict') args = dropAddedNulls(schema, args);
    if (policy !== undefined) {
      const applied = applyPolicy(schema, args as Record<string, unknown>, policy);
      if ('error' in applied) return request;
      args = applied.args;
    }
    const parsed = CallArguments.safeParse(args, ONCE);
    if (!parsed.success) return request;
    const { name, arguments: inner } = parsed.data;
    const { arguments: _outer, ...rest } = params;
    return {
      ...request,
      params: inner === undefined ? { ...rest, name } : { ...rest, name, arguments: inner },
      via: CALL_TOOL,
    };
  };
}
