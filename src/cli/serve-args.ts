// The flags of `zod-mcp serve`, for both transports.
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

export interface ServeArgs {
  demo: boolean;
  root: string | undefined;
  readOnly: boolean;
  confirmWrites: boolean;
  skills: string | undefined;
  http: boolean;
  port: number | undefined;
  host: string | undefined;
}

const options = {
  demo: { type: 'boolean' },
  root: { type: 'string' },
  'read-only': { type: 'boolean' },
  'confirm-writes': { type: 'boolean' },
  skills: { type: 'string' },
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
} as const;

/** Parses `serve`'s flags (`--port 8080` or `--port=8080`); anything unknown or inconsistent is a usage error. */
export function parseServeArgs(args: readonly string[]): ServeArgs {
  let values: { demo?: boolean; root?: string; 'read-only'?: boolean; 'confirm-writes'?: boolean; skills?: string; http?: boolean; port?: string; host?: string };
  try {
    ({ values } = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`serve: ${(error as Error).message}`);
  }
  const { port, host } = values;
  if (values['read-only'] && values.root === undefined) throw new UsageError('serve: --read-only needs --root DIR');
  if (values['confirm-writes'] && values.root === undefined) throw new UsageError('serve: --confirm-writes needs --root DIR');
  if (values['confirm-writes'] && values['read-only']) throw new UsageError('serve: --confirm-writes and --read-only do not go together: a read-only root has no writes');
  if (!values.http && (port !== undefined || host !== undefined)) throw new UsageError('serve: --port and --host need --http');
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) > 65_535)) {
    throw new UsageError(`serve: --port: not a port number: ${port}`);
  }
  return {
    demo: values.demo ?? false,
    root: values.root,
    readOnly: values['read-only'] ?? false,
    confirmWrites: values['confirm-writes'] ?? false,
    skills: values.skills,
    http: values.http ?? false,
    port: port === undefined ? undefined : Number(port),
    host,
  };
}
