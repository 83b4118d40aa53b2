// `node stdio-tap.mjs LOG COMMAND [ARG ...]`: runs COMMAND as a stdio MCP server and passes bytes
// both ways unchanged, appending each line its client sends to LOG, so a test can read what the
// client (the MCP Inspector) put on the wire. The log is a path argument, not an environment
// variable: a stdio client starts its server with an environment of its own.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const [log, command, ...args] = process.argv.slice(2);
if (log === undefined || command === undefined) throw new Error('usage: stdio-tap.mjs LOG COMMAND [ARG ...]');
const child = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'] });
let partial = '';
process.stdin.on('data', (chunk) => {
  const parts = (partial + chunk.toString('utf8')).split('\n');
  partial = parts.pop();
  for (const line of parts) if (line.trim() !== '') appendFileSync(log, `${line}\n`);
  child.stdin.write(chunk);
});
process.stdin.on('end', () => child.stdin.end());
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
