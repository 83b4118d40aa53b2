// What the core asks of the process it runs in, where a runtime may not have it: stderr and the
// environment are Node's `process` (Bun and Deno have it too); a worker has neither, and its
// diagnostics go to the console, which its runtime collects.

interface HostProcess {
  readonly pid?: number;
  readonly stderr?: { write(text: string): unknown };
  readonly env?: Record<string, string | undefined>;
  getBuiltinModule?(id: string): unknown;
}

/** The host's `process`, looked up on each use (a test may replace process.stderr.write). */
export function hostProcess(): HostProcess | undefined {
  return (globalThis as { process?: HostProcess }).process;
}

/** One line of diagnostics: to stderr where there is one, else to the console. */
export function writeDiagnostic(line: string): void {
  const stderr = hostProcess()?.stderr;
  if (stderr !== undefined) stderr.write(`${line}\n`);
  else console.error(line);
}

/** An environment variable; undefined where the runtime has no environment (a worker's come as bindings). */
export function readEnv(name: string): string | undefined {
  return hostProcess()?.env?.[name];
}

/**
 * A built-in module loaded synchronously (`process.getBuiltinModule`: Node 20.16+, Bun, Deno),
 * for a dependency that must load in the middle of a synchronous call; undefined where there is none.
 */
export function builtinModule<T>(id: string): T | undefined {
  return hostProcess()?.getBuiltinModule?.(id) as T | undefined;
}

/** Lets a timer not keep a Node process alive; a no-op where timers are plain numbers. */
export function unrefTimer<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

export type Timer = ReturnType<typeof setTimeout>;

/**
 * Runs `run` once what is queued now has run, I/O included (Node's and Bun's setImmediate; a
 * zero timer where there is none). Returns what cancels it.
 */
export function afterThisTurn(run: () => void): () => void {
  const immediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate;
  if (immediate === undefined) {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const handle = immediate(run);
  return () => (globalThis as unknown as { clearImmediate(handle: unknown): void }).clearImmediate(handle);
}
