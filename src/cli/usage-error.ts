/** Exit code 2 is a bad command line or case file; the reason is one line on stderr and nothing reaches stdout. */
export class UsageError extends Error {}
