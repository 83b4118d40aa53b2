// A module that builds a server of toolsets: issues (the default) and repos.
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

const tool = (name: string, toolset?: string) =>
  defineTool({ name, description: name, input: z.object({}), handler: () => name, ...(toolset ? { toolset } : {}) });
export const server = new McpServer({
  name: 'sets',
  version: '1.0.0',
  toolsets: { issues: { description: 'Issues', default: true }, repos: { description: 'Repositories' } },
  tools: [tool('always'), tool('list_issues', 'issues'), tool('list_repos', 'repos')],
});
