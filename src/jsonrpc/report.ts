// The one default reporter: internal errors go to stderr (a worker's console), one line each, never to stdout.
import { writeDiagnostic } from '../runtime/host.js';

/** Writes `zod-mcp: <scope>: <stack or message>` to stderr. */
export function reportToStderr(scope: string): (error: unknown) => void {
  return (error) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    writeDiagnostic(`zod-mcp: ${scope}: ${detail}`);
  };
}
