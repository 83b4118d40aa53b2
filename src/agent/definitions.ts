// The server's tools as each model API declares them: the name, the description (the title when there
// is none) and the input schema in the form that API takes.
import type { Tool } from '../../schemas/tools.js';
import type { Schema } from '../schema/json-schema/nodes.js';
import { agentToolsOf, type ToolSource } from './agent-tools.js';
import { schemaFor, type Form } from './forms.js';

export interface Definition {
  readonly name: string;
  readonly description?: string;
  readonly schema: Schema;
  /** `openai`: whether `schema` is the strict form. */
  readonly strict: boolean;
}

/** Every tool the source's caller is listed, as the API of `form` declares it. */
export async function definitionsOf(source: ToolSource, form: Form): Promise<Definition[]> {
  const agent = agentToolsOf(source);
  const tools = await agent.list();
  return tools.map((tool) => ({
    name: agent.apiName(tool.name),
    ...describe(tool),
    ...schemaFor(tool.inputSchema, form),
  }));
}

function describe(tool: Tool): { description?: string } {
  const description = tool.description ?? tool.title;
  return description === undefined ? {} : { description };
}
