// Diagnostics go to stderr, and stderr may be gone (the parent closed its end, or a full disk).
// Losing a diagnostic is better than losing the server: Node turns a failed write on a stream
// without an 'error' listener into an uncaught exception.

const ignore = (): void => undefined;

/** From now on, a write to process.stderr that fails is dropped instead of ending the process. Idempotent. */
export function ignoreStderrFailures(): void {
  if (!process.stderr.listeners('error').includes(ignore)) process.stderr.on('error', ignore);
}
