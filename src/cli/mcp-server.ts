// `zod-mcp mcp-server [CASE]`: process mode. All output is built before the one write to stdout.
import { readFile } from 'node:fs/promises';
import { CaseFile, CaseObject } from '../../schemas/case.js';
import { describeIssues } from '../schema/issues.js';
import { runCase } from './process-mode.js';
import { UsageError } from './usage-error.js';

export async function runMcpServerCommand(path: string | undefined): Promise<void> {
  const text = await readCaseText(path);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path ?? 'stdin'} is not JSON: ${(error as Error).message}`);
  }
  const parsed = CaseFile().safeParse(json);
  if (!parsed.success) {
    // Not an array, so the object form is what was meant: say what it lacks.
    const issues = CaseObject().safeParse(json).error?.issues ?? parsed.error.issues;
    throw new UsageError(
      `${path ?? 'stdin'} is not a case file ({"requests": [...]} or an array of frames): ${describeIssues(issues)}`,
    );
  }
  const output = await runCase(parsed.data);
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

async function readCaseText(path: string | undefined): Promise<string> {
  if (path === undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read case file ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}
