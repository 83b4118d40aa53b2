// Rate limits as a module: the stage innermost around each method, in the request path only while the
// server or one of its tools has a limit (a tool added with one puts it there).
import { createRateLimiter } from '../../core/rate-limits/stage.js';
import type { RateLimit } from '../../core/rate-limits/limit.js';
import type { RateLimitStore } from '../../core/rate-limits/store.js';
import type { Dispatcher } from '../../core/dispatcher.js';
import type { ServerModule } from '../module.js';

export interface RateLimitsModuleOptions {
  rateLimit?: RateLimit;
  rateLimitStore?: RateLimitStore;
}

export const rateLimitsModule: ServerModule<RateLimitsModuleOptions> = {
  name: 'rate limits',
  options: ['rateLimit', 'rateLimitStore'],
  setup({ options, report, provided }) {
    const tools = provided.tools!;
    let dispatcher: Dispatcher | undefined;
    const limiter = createRateLimiter({
      limit: options.rateLimit,
      store: options.rateLimitStore,
      toolLimit: (name) => tools.get(name)?.rateLimit,
      report,
      refused: (refusal) => dispatcher?.tracer?.rateLimited(refusal),
    });
    return {
      started(built) {
        dispatcher = built;
        if (limiter.limitsAll || tools.list().some((tool) => tool.rateLimit !== undefined)) built.limits = limiter;
      },
      admitTool(tool) {
        if (tool.rateLimit !== undefined && dispatcher !== undefined) dispatcher.limits = limiter;
      },
    };
  },
};
