// A tool whose description opens with a sentence longer than hosts index.
import { z } from 'zod';
import { defineTool } from 'zod-mcp';

export const tools = [
  defineTool({
    name: 'report',
    description:
      'Builds the quarterly report of every team of the organization from the ledger, the tickets and the calendar. ' +
      'Answers a link.',
    input: z.object({}),
    handler: () => 'https://example.com/report',
  }),
  defineTool({ name: 'ok', description: 'Short and clear. Then more words.', input: z.object({}), handler: () => '' }),
];
