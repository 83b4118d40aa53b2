import { EmptyParams } from '../../schemas/mcp.js';
import { defineMethod } from '../call.js';

export const ping = defineMethod(EmptyParams, () => ({}));
