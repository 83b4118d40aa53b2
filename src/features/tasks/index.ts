// The methods of the tasks extension `io.modelcontextprotocol/tasks` (SEP-2663), 2026 only:
// tasks/get reads a task, tasks/update answers its questions, tasks/cancel asks it to stop.
// tasks/result and tasks/list are not methods of it: they are -32601.
import { CancelTaskParams, GetTaskParams, TASKS_EXTENSION, UpdateTaskParams } from '../../../schemas/tasks.js';
import type { RequestContext } from '../../core/context.js';
import { defineMethod } from '../../core/method.js';
import { detailed } from '../../core/tasks/record.js';
import type { TaskRuntime } from '../../core/tasks/runtime.js';
import type { TaskRecord } from '../../core/tasks/store.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import type { Feature } from '../feature.js';

/** Every tasks/* request must declare the extension itself (-32021 before anything else is looked at). */
function gate(ctx: RequestContext): void {
  if (ctx.client.capabilities.extensions?.[TASKS_EXTENSION] === undefined) {
    throw new ProtocolError(ErrorCode.MissingRequiredClientCapability, {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    });
  }
}

/** The task, if this caller may see it: another principal's task is as unknown as one that never was. */
async function find(runtime: TaskRuntime, ctx: RequestContext, taskId: string): Promise<TaskRecord> {
  const record = await runtime.settings.store.get(taskId);
  if (record === undefined || (record.principal !== undefined && record.principal !== ctx.principal)) {
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      `Failed to retrieve task: no task ${JSON.stringify(taskId)} (it never was, or it expired)`,
    );
  }
  return record;
}

export function tasksFeature(runtime: TaskRuntime): Feature {
  const { store } = runtime.settings;
  const options = { eras: ['rev2026'] as const };
  return {
    capabilities: {},
    methods: {
      'tasks/get': defineMethod(
        GetTaskParams,
        async (params, ctx) => {
          gate(ctx);
          return detailed(await find(runtime, ctx, params.taskId));
        },
        options,
      ),
      'tasks/update': defineMethod(
        UpdateTaskParams,
        async (params, ctx) => {
          gate(ctx);
          await find(runtime, ctx, params.taskId);
          await store.answer(params.taskId, params.inputResponses);
          return {};
        },
        options,
      ),
      'tasks/cancel': defineMethod(
        CancelTaskParams,
        async (params, ctx) => {
          gate(ctx);
          await find(runtime, ctx, params.taskId);
          await store.cancel(params.taskId);
          return {};
        },
        options,
      ),
    },
  };
}
