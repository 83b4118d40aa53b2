// Prompts as a module: served when the `prompts` option is given (even empty).
import type { ServerModule } from '../module.js';
import type { Prompt } from './define.js';
import { promptsFeature } from './index.js';

export interface PromptsModuleOptions {
  prompts?: readonly Prompt[];
}

export const promptsModule: ServerModule<PromptsModuleOptions> = {
  name: 'prompts',
  options: ['prompts'],
  setup({ options, lists }) {
    if (options.prompts === undefined) return undefined;
    const prompts = promptsFeature(options.prompts, lists);
    return { feature: prompts, provides: { prompts } };
  },
};
