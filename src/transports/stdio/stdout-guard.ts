// While a stdio server runs, stdout carries MCP frames only: anything else that writes there goes to stderr.
import { format } from 'node:util';

type Write = typeof process.stdout.write;

/**
 * Sends console.log/info/debug/warn/dir/table and direct `process.stdout.write` calls to stderr.
 * Returns the real stdout writer for the transport, and a function that undoes the guard.
 */
export function guardStdout(): { write: Write; restore: () => void } {
  const stdout = process.stdout;
  const realWrite = stdout.write;
  const write = realWrite.bind(stdout) as Write;
  const saved = {
    log: console.log,
    info: console.info,
    debug: console.debug,
    warn: console.warn,
    dir: console.dir,
    table: console.table,
  };
  const toStderr = (...args: unknown[]) => {
    process.stderr.write(`${format(...args)}\n`);
  };
  console.log = console.info = console.debug = console.warn = toStderr;
  console.dir = (value: unknown) => toStderr(value);
  console.table = (value: unknown) => toStderr(value);
  stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
    (process.stderr.write as (...args: unknown[]) => boolean)(chunk, ...rest)) as Write;
  return {
    write,
    restore() {
      Object.assign(console, saved);
      stdout.write = realWrite;
    },
  };
}
