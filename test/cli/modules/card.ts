// A module whose server declares its Server Card (serve --http --card).
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

const echo = defineTool({ name: 'echo', description: 'Echoes.', input: z.object({}), handler: () => 'ok' });
export const server = new McpServer({
  name: 'notes',
  version: '2.3.4',
  description: 'Keeps notes.',
  tools: [echo],
  card: { name: 'io.github.example/notes' },
});
