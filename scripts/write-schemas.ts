// npm run schemas: regenerates schemas/json/ from the Zod contract in schemas/*.ts.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { writeSchemaFiles } from './schema-files.js';

const dir = fileURLToPath(new URL('../schemas/json/', import.meta.url));
await mkdir(dir, { recursive: true });
const { written, removed } = await writeSchemaFiles(dir);
const gone = removed.length === 0 ? '' : `; removed ${removed.join(', ')}`;
process.stdout.write(`wrote ${written.length} schema files to schemas/json/${gone}\n`);
