// Who in this process listens to which task (TaskStore.watch): shared by the stores.
import type { TaskSignals } from './store.js';

export interface Watchers {
  /** Adds a listener; returns the function that removes it. */
  watch(taskId: string, signals: TaskSignals): () => void;
  /** Tells every listener of the task; one that throws is reported and the others still hear it. */
  signal(taskId: string, kind: keyof TaskSignals): void;
  /** Forgets a task's listeners (it is gone). */
  drop(taskId: string): void;
  /** The tasks someone listens to. */
  ids(): string[];
}

export function watchers(report: (error: unknown) => void = () => undefined): Watchers {
  const byTask = new Map<string, Set<TaskSignals>>();
  return {
    watch(taskId, signals) {
      let set = byTask.get(taskId);
      if (set === undefined) byTask.set(taskId, (set = new Set()));
      const entry = { ...signals };
      set.add(entry);
      return () => {
        set.delete(entry);
        if (set.size === 0 && byTask.get(taskId) === set) byTask.delete(taskId);
      };
    },
    signal(taskId, kind) {
      for (const watcher of [...(byTask.get(taskId) ?? [])]) {
        try {
          watcher[kind]();
        } catch (error) {
          report(error);
        }
      }
    },
    drop: (taskId) => void byTask.delete(taskId),
    ids: () => [...byTask.keys()],
  };
}
