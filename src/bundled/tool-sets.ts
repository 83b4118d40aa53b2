import type { ToolSet } from '../../schemas/case.js';
import type { Tool } from '../features/tools/define.js';
import { serverTools } from './echo.js';

/** `echo` alone, or with the demo tools; those load only when asked for, since start-up is every client's wait. */
export async function selectTools(set: ToolSet): Promise<Tool[]> {
  if (set === 'server') return [...serverTools];
  const { demoTools } = await import('./demo.js');
  return [...serverTools, ...demoTools];
}
