// What completion/complete can complete: the prompts' arguments and the templates' variables.
import type { PromptsFeature } from '../prompts/index.js';
import type { ResourcesFeature } from '../resources/index.js';
import type { CompletionSources } from './index.js';

export function completionSources(
  prompts: PromptsFeature | undefined,
  resources: ResourcesFeature | undefined,
  timeoutMs: number | undefined,
): CompletionSources {
  return {
    timeoutMs,
    prompt(name) {
      const prompt = prompts?.get(name);
      if (prompt === undefined) return undefined;
      return {
        owner: `prompt "${prompt.name}"`,
        names: (prompt.descriptor.arguments ?? []).map((argument) => argument.name),
        completers: prompt.completers,
        choices: prompt.choices,
        timeoutMs: prompt.timeoutMs,
        scopes: prompt.scopes,
      };
    },
    template(uriTemplate) {
      const template = resources?.template(uriTemplate);
      if (template === undefined) return undefined;
      return {
        owner: `resource template ${JSON.stringify(uriTemplate)}`,
        names: template.template.variables,
        completers: template.completers,
        choices: template.choices,
        timeoutMs: template.timeoutMs,
        scopes: template.scopes,
      };
    },
  };
}
