// Once per `npm test`: the programs the suite's real peers need (and the runtimes it serves on, and the MCP clients
// it runs against the package), and what is skipped without them.
import { BINARIES, everyTestRequired, isInstalled, type Binary } from './helpers/binaries.js';
import { CLIENTS, RUNTIMES, clientScript, runtimeBinary, type McpClient, type Runtime } from './helpers/runtimes.js';

export default function setup(): void {
  const missing = (Object.keys(BINARIES) as Binary[]).filter((name) => !isInstalled(name));
  for (const name of missing) {
    const { install } = BINARIES[name];
    if (everyTestRequired)
      throw new Error(`${name} is not installed, and ZOD_MCP_TEST_ALL=1 runs every test: \`${install}\``);
    process.stdout.write(`skipped: the tests that need ${name}, which is not installed (\`${install}\` runs them)\n`);
  }
  const absent = (Object.keys(RUNTIMES) as Runtime[]).filter((name) => runtimeBinary(name) === undefined);
  if (absent.length > 0) {
    const line = `the tests on ${absent.join(', ')}, which are not installed (\`npm run runtimes\` installs them into .runtimes/)`;
    if (everyTestRequired) throw new Error(`${line}, and ZOD_MCP_TEST_ALL=1 runs every test`);
    process.stdout.write(`skipped: ${line}\n`);
  }
  const absentClients = (Object.keys(CLIENTS) as McpClient[]).filter((name) => clientScript(name) === undefined);
  if (absentClients.length > 0) {
    const one = absentClients.length === 1;
    const line = `the tests with the MCP client${one ? '' : 's'} ${absentClients.join(', ')}, which ${one ? 'is' : 'are'} not installed (\`npm run runtimes\` installs ${one ? 'it' : 'them'} into .runtimes/)`;
    if (everyTestRequired) throw new Error(`${line}, and ZOD_MCP_TEST_ALL=1 runs every test`);
    process.stdout.write(`skipped: ${line}\n`);
  }
}
