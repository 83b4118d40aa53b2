// A module whose tool is refused when it is defined (a name MCP does not allow).
import { z } from 'zod';
import { defineTool } from 'zod-mcp';

export const bad = defineTool({ name: 'bad name', description: 'd', input: z.object({}), handler: () => 'x' });
