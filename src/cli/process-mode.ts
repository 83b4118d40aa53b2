// Process mode: a case of frames in, `{"responses":[...]}` out.
import type { CaseEra, CaseFile, CaseOutput } from '../../schemas/case.js';
import { MetaKey, PROTOCOL_VERSIONS_2026 } from '../../schemas/rev2026.js';
import { bundledServer, selectSet } from '../bundled/sets.js';

/** Runs every frame through a fresh server, in order; a frame that gets no response adds no entry. */
export async function runCase(testCase: CaseFile): Promise<CaseOutput> {
  const server = bundledServer(await selectSet(testCase.tools));
  const responses: CaseOutput['responses'] = [];
  for (const frame of testCase.requests) {
    const response = await server.handle(frameForEra(frame, testCase.era));
    if (response !== null) responses.push(response);
  }
  return { responses };
}

/** The 2026 envelope a case of that era adds: the revision, and a client that declares nothing optional. */
const CASE_ENVELOPE = { [MetaKey.protocolVersion]: PROTOCOL_VERSIONS_2026[0], [MetaKey.clientCapabilities]: {} };

/**
 * A case's frame as its era sends it. On 2026, a request or notification whose params are absent or
 * an object gets the envelope in `params._meta` (merged into a `_meta` of its own, such as a
 * progressToken), unless that `_meta` claims a version already; anything else is sent as written.
 */
export function frameForEra(frame: unknown, era: CaseEra): unknown {
  if (era === '2025' || typeof frame !== 'object' || frame === null || Array.isArray(frame) || !('method' in frame))
    return frame;
  const { params } = frame as { params?: unknown };
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return frame;
  const own = (params as { _meta?: unknown } | undefined)?._meta;
  if (own !== undefined && (typeof own !== 'object' || own === null || MetaKey.protocolVersion in own)) return frame;
  return { ...frame, params: { ...params, _meta: { ...CASE_ENVELOPE, ...own } } };
}
