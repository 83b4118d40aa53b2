import { SetLevelParams } from '../../../schemas/mcp.js';
import { defineMethod } from '../../core/method.js';

/** logging/setLevel: the session sends only messages at this level or above. */
export const setLogLevel = defineMethod(SetLevelParams, (params, { session }) => {
  session.logLevel = params.level;
  return {};
});
