import { CallToolParams } from '../../../schemas/mcp.js';
import { defineMethod } from '../../core/method.js';
import { runTool } from './call.js';
import { toolError } from './result.js';

/** tools/call: an unknown tool is a result the model can read, not an error frame (the seed's rule). */
export const callTool = defineMethod(CallToolParams, (params, call) => {
  const tool = call.server.tools.get(params.name);
  if (tool === undefined) return toolError(`unknown tool: ${params.name}`);
  return runTool(tool, params.arguments ?? {}, params._meta?.progressToken, call);
});
