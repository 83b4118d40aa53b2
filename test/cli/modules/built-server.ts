// A module that builds its own server and exports it.
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

const echo = defineTool({ name: 'repeat', description: 'Repeats the text.', input: z.object({ text: z.string() }), handler: ({ text }) => text });
export default new McpServer({ name: 'built', version: '2.0.0', tools: [echo], instructions: 'Call repeat.' });
