// The one default reporter: internal errors go to stderr, one line each, never to stdout.

/** Writes `zod-mcp: <scope>: <stack or message>` to stderr. */
export function reportToStderr(scope: string): (error: unknown) => void {
  return (error) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`zod-mcp: ${scope}: ${detail}\n`);
  };
}
