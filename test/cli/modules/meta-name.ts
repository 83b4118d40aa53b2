// A module whose tool takes a name search mode keeps for its own tools.
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

export const server = new McpServer({
  name: 'taken',
  version: '1.0.0',
  tools: [defineTool({ name: 'search_tools', description: 'Mine.', input: z.object({}), handler: () => 'mine' })],
});
