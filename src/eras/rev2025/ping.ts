import { EmptyParams } from '../../../schemas/mcp.js';
import { defineMethod } from '../../core/method.js';

export const ping = defineMethod(EmptyParams, () => ({}));
