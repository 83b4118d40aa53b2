// `zod-mcp inspect ./my-server.ts [--json]`: what a client would see (tools with their JSON Schema,
// resources, templates, prompts), and what known clients would refuse in it; exit 1 on an error.
import { LocalClient, type CallOptions } from '../core/local-client.js';
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import { McpServer } from '../server.js';
import { SCHEMA_PROFILES, type SchemaProfile } from '../schema/json-schema/profiles.js';
import { INSPECT_FLAGS } from './commands.js';
import { parseFlags } from './flags.js';
import { lintTool, type Problem } from './schema-lint.js';
import { costOf, type CostReport } from './listing-cost.js';
import { UsageError } from './usage-error.js';
import { loadUserModule } from './user-module.js';
import { askServerSelf } from '../transports/server-self.js';

export interface Inspection {
  server: { name: string; version: string };
  tools: { name: string; description?: string; inputSchema: unknown; outputSchema?: unknown }[];
  resources: unknown[];
  resourceTemplates: unknown[];
  prompts: unknown[];
  /** What tools/list costs a model: each listing a client may be served, and each tool's share. */
  cost: CostReport;
  problems: Problem[];
}

/** Prints the inspection; the exit code is 1 when a problem is an error, else 0. */
export async function runInspectCommand(args: readonly string[]): Promise<number> {
  const parsed = parseFlags('inspect', INSPECT_FLAGS, args);
  if (parsed.positionals.length !== 1)
    throw new UsageError('inspect: give one module: zod-mcp inspect ./my-server.ts [--json] [--profile NAME]');
  const profile = parsed.values.profile as SchemaProfile | undefined;
  if (profile !== undefined && !SCHEMA_PROFILES.includes(profile))
    throw new UsageError(`inspect: --profile: one of ${SCHEMA_PROFILES.join(', ')}: ${profile}`);
  const inspection = await inspect(parsed.positionals[0]!, profile);
  process.stdout.write(parsed.values.json ? `${JSON.stringify(inspection, null, 2)}\n` : formatInspection(inspection));
  return inspection.problems.some((problem) => problem.level === 'error') ? 1 : 0;
}

/**
 * `profile`: list the tools as that schema profile writes them (a module of parts only: a built server has its own).
 */
export async function inspect(path: string, profile?: SchemaProfile): Promise<Inspection> {
  const loaded = await loadUserModule(path);
  if (loaded.kind === 'server' && profile !== undefined)
    throw new UsageError(
      `inspect: ${path} exports a built McpServer, whose schemaProfile is its own: give it in new McpServer({...})`,
    );
  const server =
    loaded.kind === 'server'
      ? loaded.server
      : new McpServer({
          name: loaded.name,
          version: loaded.version,
          ...loaded.served,
          ...(profile === undefined ? {} : { schemaProfile: profile }),
        });
  /** The in-process client; `rendersApps` false: listed as a model's host that renders no MCP Apps is. */
  const clientOf = (rendersApps: boolean) =>
    new LocalClient(
      (frame, context) => server.handle(frame, context),
      () => !server.eras.includes('rev2025'),
      () => {},
      rendersApps,
    );
  const client = clientOf(true);
  const list = async (method: string, key: string, options: CallOptions = {}) => {
    try {
      return (await client.all(method, key, options)) ?? [];
    } catch (error) {
      // the feature is not served
      if (error instanceof ProtocolError && error.code === ErrorCode.MethodNotFound) return [];
      throw error;
    }
  };
  // Every tool, as a full listing of every toolset shows it (a server in search mode lists only its meta-tools).
  const tools = (await list('tools/list', 'tools', { discovery: 'list' })) as Inspection['tools'];
  const { cost, problems } = await costOf(server, clientOf(false));
  return {
    server: await serverInfoOf(server),
    tools,
    resources: await list('resources/list', 'resources'),
    resourceTemplates: await list('resources/templates/list', 'resourceTemplates'),
    prompts: await list('prompts/list', 'prompts'),
    cost,
    problems: [...tools.flatMap(lintTool), ...problems],
  };
}

/** The name and version a client is told: initialize's serverInfo, or a 2026 result's. */
async function serverInfoOf(server: McpServer): Promise<{ name: string; version: string }> {
  const { serverInfo } = await askServerSelf(server, server.eras.includes('rev2025') ? 'rev2025' : 'rev2026');
  return { name: String(serverInfo.name), version: String(serverInfo.version) };
}

function formatInspection(inspection: Inspection): string {
  const { server, tools, resources, resourceTemplates, prompts, problems } = inspection;
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const lines = [
    `${server.name} ${server.version}: ${count(tools.length, 'tool')}, ${count(resources.length, 'resource')}, ` +
      `${count(resourceTemplates.length, 'resource template')}, ${count(prompts.length, 'prompt')}`,
  ];
  const indent = (text: string) => text.replaceAll('\n', '\n    ');
  for (const tool of tools) {
    lines.push(
      '',
      `tool ${tool.name}${tool.description ? ` — ${tool.description}` : ''}`,
      `  input:  ${indent(JSON.stringify(tool.inputSchema, null, 2))}`,
    );
    if (tool.outputSchema !== undefined) lines.push(`  output: ${indent(JSON.stringify(tool.outputSchema, null, 2))}`);
  }
  for (const resource of resources as { uri: string; name: string }[])
    lines.push('', `resource ${resource.uri} (${resource.name})`);
  for (const template of resourceTemplates as { uriTemplate: string; name: string }[])
    lines.push('', `resource template ${template.uriTemplate} (${template.name})`);
  for (const prompt of prompts as { name: string; arguments?: { name: string; required?: boolean }[] }[]) {
    const args = (prompt.arguments ?? []).map((arg) => (arg.required ? arg.name : `${arg.name}?`)).join(', ');
    lines.push('', `prompt ${prompt.name}(${args})`);
  }
  lines.push('', ...formatCost(inspection.cost));
  const errors = problems.filter((problem) => problem.level === 'error').length;
  lines.push('');
  for (const problem of problems)
    lines.push(`${problem.level === 'error' ? 'error  ' : 'warning'} ${problem.where}: ${problem.text}`);
  lines.push(`${count(errors, 'error')}, ${count(problems.length - errors, 'warning')}`);
  return `${lines.join('\n')}\n`;
}

/** The listings' sizes in a table, and the ten largest tools. */
function formatCost(cost: CostReport): string[] {
  const number = (n: number) => n.toLocaleString('en-US');
  const width = Math.max(...cost.listings.map((listing) => listing.listing.length));
  const lines = [`what tools/list costs (${cost.rule}):`];
  for (const { listing, tools, bytes, tokens } of cost.listings) {
    lines.push(
      `  ${listing.padEnd(width)}  ${String(tools).padStart(4)} tools  ${number(bytes).padStart(9)} bytes  ` +
        `${number(tokens).padStart(7)} tokens`,
    );
  }
  if (cost.tools.length > 0) lines.push('largest tools:');
  for (const { name, bytes, tokens } of cost.tools.slice(0, 10))
    lines.push(`  ${name}: ${number(bytes)} bytes, ${number(tokens)} tokens`);
  return lines;
}
