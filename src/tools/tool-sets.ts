import type { ToolSet } from '../../schemas/case.js';
import type { Tool } from '../tool.js';
import { demoTools } from './demo.js';
import { serverTools } from './echo.js';

export function selectTools(set: ToolSet): Tool[] {
  return set === 'demo' ? [...serverTools, ...demoTools] : [...serverTools];
}
