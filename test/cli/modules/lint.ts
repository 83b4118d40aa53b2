// Tools whose schemas known clients refuse: a top-level oneOf, a $ref (recursion), a dotted name.
import { z } from 'zod';
import { defineTool } from 'zod-mcp';

export const pick = defineTool({
  name: 'pick',
  description: 'Picks by id or by name.',
  input: z.object({ id: z.string().optional(), name: z.string().optional() }),
  jsonSchema: { input: { oneOf: [{ required: ['id'] }, { required: ['name'] }] } },
  handler: () => 'picked',
});

type Tree = { name: string; children: Tree[] };
const Tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }));
export const plant = defineTool({ name: 'files.plant', description: '', input: z.object({ tree: Tree }), handler: () => 'planted' });

// A property named like a keyword: its schema is looked into all the same.
type Chain = { next?: Chain };
const Chain: z.ZodType<Chain> = z.lazy(() => z.object({ next: Chain.optional() }));
export const link = defineTool({ name: 'link', description: 'Links.', input: z.object({ default: Chain }), handler: () => 'linked' });
export const greet = defineTool({ name: 'greet', description: 'Greets.', input: z.object({ 'first name': z.string() }), handler: () => 'hi' });
