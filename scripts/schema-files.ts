// The wire contract (schemas/*.ts) as JSON Schema files, one per exported Zod schema: schemas/json/<name>.json.
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import * as caseFile from '../schemas/case.js';
import * as snapshot from '../schemas/snapshot.js';
import * as cassette from '../schemas/cassette.js';
import { builtOnRead, isSentByServer } from '../schemas/direction.js';
import * as jsonrpc from '../schemas/jsonrpc.js';
import * as common from '../schemas/common.js';
import * as logging from '../schemas/logging.js';
import * as rev2025 from '../schemas/rev2025.js';
import * as rev2026 from '../schemas/rev2026.js';
import * as tools from '../schemas/tools.js';
import * as resources from '../schemas/resources.js';
import * as prompts from '../schemas/prompts.js';
import * as completion from '../schemas/completion.js';
import * as skills from '../schemas/skills.js';
import * as clientInput from '../schemas/client-input.js';
import * as tasks from '../schemas/tasks.js';
import * as apps from '../schemas/apps.js';

const modules = [
  jsonrpc,
  common,
  tools,
  resources,
  prompts,
  completion,
  skills,
  clientInput,
  tasks,
  apps,
  logging,
  rev2025,
  rev2026,
  caseFile,
  snapshot,
  cassette,
];

/** Every exported Zod schema of the contract, by export name; a name used twice is a mistake. */
export function contractSchemas(): Map<string, z.ZodType> {
  const schemas = new Map<string, z.ZodType>();
  for (const module of modules) {
    for (const [name, value] of Object.entries(builtOnRead(module))) {
      if (!(value instanceof z.ZodType)) continue;
      if (schemas.has(name)) throw new Error(`schema ${name} is exported twice`);
      schemas.set(name, value);
    }
  }
  return schemas;
}

/** File name -> content: pretty-printed, trailing newline, sorted by name so output is stable. */
export function renderSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const schemas = [...contractSchemas()].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [name, schema] of schemas) {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      // What the server sends is described as Zod parses it out (defaults filled, plain objects
      // closed); what it receives, as Zod accepts it. Each contract file marks its own (direction.ts).
      io: isSentByServer(schema) ? 'output' : 'input',
      // Each file stands alone and reads top to bottom, like the tool schemas tools/list carries.
      reused: 'inline',
      cycles: 'ref',
    });
    files.set(`${name}.json`, `${JSON.stringify(json, null, 2)}\n`);
  }
  return files;
}

/**
 * Writes every file (to a temporary name, then renamed over the old one, so a reader never sees
 * half a file) and deletes the `.json` files in `dir` that no schema produces. Returns what changed.
 */
export async function writeSchemaFiles(dir: string): Promise<{ written: string[]; removed: string[] }> {
  const files = renderSchemaFiles();
  const written: string[] = [];
  for (const [name, content] of files) {
    const target = join(dir, name);
    const temp = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temp, content);
    await rename(temp, target);
    written.push(name);
  }
  const removed = (await readdir(dir)).filter((name) => name.endsWith('.json') && !files.has(name));
  for (const name of removed) await rm(join(dir, name));
  return { written, removed };
}
