/** A mistake in how the command was called: exit code 2, the reason as one line on stderr, nothing on stdout. */
export class UsageError extends Error {}
