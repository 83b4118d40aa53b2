import { z } from 'zod/v4';
import { defineTool } from '../features/tools/define.js';

/**
 * The echo tool of process mode and `zod-mcp serve`: answers `echo(<arguments as JSON>)`, e.g. `echo({"x":1})`; any
 * object is accepted.
 */
export const echo = defineTool({
  name: 'echo',
  description: 'Echoes its arguments back as text, in the form echo(<arguments as JSON>). Accepts any object.',
  input: z.looseObject({}),
  handler: (args) => `echo(${JSON.stringify(args)})`,
});

/** The tools process mode and `zod-mcp serve` offer. */
export const serverTools = [echo];
