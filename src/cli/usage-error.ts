/** A mistake in how the command was called: exit code 2, the reason as one line on stderr, nothing on stdout. */
export class UsageError extends Error {}

/**
 * A command that ran and could not do its work, with its exit code: `call` and `snapshot` exit 2 on a
 * server out of reach or an error frame, as on a usage error, and say why in one line.
 */
export class CommandFailure extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 2, options?: { cause?: unknown }) {
    super(message, options);
    this.exitCode = exitCode;
  }
}
