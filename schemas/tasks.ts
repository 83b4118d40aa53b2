// The tasks extension `io.modelcontextprotocol/tasks` (SEP-2663) on MCP 2026-07-28: a tools/call
// may answer with a task, which the client polls (tasks/get), answers (tasks/update) and stops
// (tasks/cancel).
import { z } from 'zod/v4';
import { InputRequests, InputResponses } from './client-input.js';
import { Meta } from './common.js';
import { lazy, sent } from './direction.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export const TaskStatus = sent(() => z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']));
export type TaskStatus = z.infer<ReturnType<typeof TaskStatus>>;

/** What every shape of a task carries (SEP-2663 `Task`). */
export const Task = sent(() =>
  z.object({
    taskId: z.string(),
    status: TaskStatus(),
    statusMessage: z.string().optional(),
    /** ISO 8601. */
    createdAt: z.string(),
    lastUpdatedAt: z.string(),
    /** From creation; null: unlimited. */
    ttlMs: z.int().min(0).nullable(),
    pollIntervalMs: z.int().min(0).optional(),
  }),
);
export type Task = z.infer<ReturnType<typeof Task>>;

/** A task with what its status carries: outstanding questions, the result, or the JSON-RPC error. */
export const DetailedTask = sent(() =>
  Task().extend({
    inputRequests: InputRequests().optional(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).optional(),
  }),
);
export type DetailedTask = z.infer<ReturnType<typeof DetailedTask>>;

/** tools/call answered with a task: flat, `resultType: "task"`. */
export const CreateTaskResult = sent(() => Task().extend({ resultType: z.literal('task'), _meta: Meta().optional() }));

const TaskParams = lazy(() => ({ taskId: z.string().min(1), _meta: Meta().optional() }));
export const GetTaskParams = lazy(() => z.object(TaskParams()));
export const CancelTaskParams = lazy(() => z.object(TaskParams()));
export const UpdateTaskParams = lazy(() => z.object({ ...TaskParams(), inputResponses: InputResponses() }));

export const TaskStatusNotificationParams = sent(() => DetailedTask().extend({ _meta: Meta().optional() }));
