// The grader's process mode: a case of frames in, `{"responses":[...]}` out.
import type { CaseFile, CaseOutput } from '../../schemas/case.js';
import { McpServer } from '../server.js';
import { selectTools } from '../bundled/tool-sets.js';
import { VERSION } from '../version.js';

/** Runs every frame through a fresh server, in order; a frame that gets no response adds no entry. */
export async function runCase(testCase: CaseFile): Promise<CaseOutput> {
  const server = new McpServer({ name: 'zod-mcp', version: VERSION, tools: await selectTools(testCase.tools) });
  const responses: CaseOutput['responses'] = [];
  for (const frame of testCase.requests) {
    const response = await server.handle(frame);
    if (response !== null) responses.push(response);
  }
  return { responses };
}
