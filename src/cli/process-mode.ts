// Process mode: a case of frames in, `{"responses":[...]}` out.
import type { CaseFile, CaseOutput } from '../../schemas/case.js';
import { bundledServer, selectTools } from '../bundled/tool-sets.js';

/** Runs every frame through a fresh server, in order; a frame that gets no response adds no entry. */
export async function runCase(testCase: CaseFile): Promise<CaseOutput> {
  const server = bundledServer(await selectTools(testCase.tools));
  const responses: CaseOutput['responses'] = [];
  for (const frame of testCase.requests) {
    const response = await server.handle(frame);
    if (response !== null) responses.push(response);
  }
  return { responses };
}
