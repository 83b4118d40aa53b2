// Which contract schemas describe what the server sends: each contract file marks its own. The JSON
// Schema files (npm run schemas) describe those as Zod parses them out, the rest as Zod accepts them.
import type { z } from 'zod/v4';

const sent = new Set<z.ZodType>();

/** Marks schemas the server sends (results, notifications it emits, error objects). */
export function sentByServer(...schemas: z.ZodType[]): void {
  for (const schema of schemas) sent.add(schema);
}

export function isSentByServer(schema: z.ZodType): boolean {
  return sent.has(schema);
}
