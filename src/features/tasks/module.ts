// Tasks (SEP-2663) as a module: the runtime every tool call may become a task in, and, when the server
// serves the extension (the `tasks` option, or a tool that may run as one), its methods, declared on 2026.
import { TASKS_EXTENSION } from '../../../schemas/tasks.js';
import { TaskRuntime } from '../../core/tasks/runtime.js';
import { taskSettings, type TaskOptions } from '../../core/tasks/record.js';
import type { ServerModule } from '../module.js';
import type { Tool } from '../tools/define.js';
import { tasksFeature } from './index.js';

export interface TasksModuleOptions {
  tasks?: TaskOptions;
  tools?: readonly Tool[];
}

export const tasksModule: ServerModule<TasksModuleOptions> = {
  name: 'tasks',
  options: ['tasks'],
  setup({ options, lists, report }) {
    const runtime = new TaskRuntime(taskSettings(options.tasks), lists.events, report);
    const served = options.tasks !== undefined || (options.tools ?? []).some((tool) => tool.task !== 'never');
    const provides = { tasks: { runtime, served } };
    return served ? { provides, feature: tasksFeature(runtime), only2026: [TASKS_EXTENSION] } : { provides };
  },
};
