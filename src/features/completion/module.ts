// Completion as a module: served with prompts or resources, completing their arguments and variables.
import type { ServerModule } from '../module.js';
import { completionFeature } from './index.js';
import { completionSources } from './sources.js';

export const completionModule: ServerModule<object> = {
  name: 'completion',
  options: [],
  setup({ lists, provided: { prompts, resources } }) {
    if (prompts === undefined && resources === undefined) return undefined;
    return { feature: completionFeature(completionSources(prompts, resources, lists.timeoutMs)) };
  },
};
