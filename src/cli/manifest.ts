// `zod-mcp manifest [MODULE] [--out server.json] [--check]`: the MCP Registry's server.json written
// from the server and the project's package.json, or (--check) every way the committed one disagrees
// with them: the name the registry verifies against package.json's mcpName, the version, the
// description's length, the name's form.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MAX_CARD_DESCRIPTION, REGISTRY_NAME } from '../core/card.js';
import { COMMANDS } from './commands.js';
import { parseFlags } from './flags.js';
import { UsageError } from './usage-error.js';
import { writeFileWhole } from './write-file.js';

export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

type Json = Record<string, unknown>;

export async function runManifestCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseFlags('manifest', COMMANDS.manifest.flags, args);
  if (positionals.length > 1) throw new UsageError(`manifest: one module at most, not ${positionals.length}`);
  const module = positionals[0];
  const project = findPackage(module === undefined ? process.cwd() : dirname(resolve(module)));
  const server = module === undefined ? undefined : await serverOf(module);
  const manifest = manifestOf(project.json, server, values['public-url']);
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const out = values.out ?? 'server.json';
  if (!values.check) {
    if (values.out === undefined) process.stdout.write(text);
    else await writeFileWhole(out, text);
    // written either way, to be read; what the registry would refuse in it is said, and exits 1
    const problems = [...problemsOf(manifest, project.json), ...serverDrift(server, project.json)];
    for (const problem of problems) process.stderr.write(`zod-mcp: manifest: ${problem}\n`);
    return problems.length === 0 ? 0 : 1;
  }
  const committed = readJson(out, 'manifest: --check');
  const problems = [
    ...problemsOf(committed, project.json),
    ...serverDrift(server, project.json),
    ...driftOf(committed, manifest),
  ];
  for (const problem of problems) process.stdout.write(`${out}: ${problem}\n`);
  if (problems.length === 0) process.stdout.write(`${out}: agrees with package.json and the server\n`);
  return problems.length === 0 ? 0 : 1;
}

/** server.json from package.json (name, version, mcpName, repository) and, when given, the server's own words. */
export function manifestOf(pkg: Json, server: Json | undefined, publicUrl: string | undefined): Json {
  const card = server?.card as Json | undefined;
  const name = pkg.mcpName ?? card?.name ?? githubName(pkg);
  const version = pkg.version ?? server?.version;
  const description = card?.description ?? server?.description ?? pkg.description;
  const title = card?.title ?? server?.title;
  const repository = repositoryOf(pkg.repository);
  const websiteUrl = card?.websiteUrl ?? server?.websiteUrl ?? pkg.homepage;
  return {
    $schema: SERVER_JSON_SCHEMA,
    name,
    ...(title === undefined ? {} : { title }),
    description,
    version,
    ...(repository === undefined ? {} : { repository }),
    ...(websiteUrl === undefined ? {} : { websiteUrl }),
    packages: [{ registryType: 'npm', identifier: pkg.name, version, transport: { type: 'stdio' } }],
    ...(publicUrl === undefined ? {} : { remotes: [{ type: 'streamable-http', url: publicUrl }] }),
  };
}

/** What the registry would refuse in a server.json, against the package it names. */
export function problemsOf(manifest: Json, pkg: Json): string[] {
  const problems: string[] = [];
  const { name, description, version } = manifest;
  if (typeof name !== 'string' || !REGISTRY_NAME.test(name))
    problems.push(`name ${JSON.stringify(name)} is not a registry name (io.github.owner/name)`);
  if (pkg.mcpName === undefined)
    problems.push(`package.json has no mcpName (the registry checks it is ${JSON.stringify(name)})`);
  else if (pkg.mcpName !== name)
    problems.push(`package.json's mcpName ${JSON.stringify(pkg.mcpName)} is not ${JSON.stringify(name)}`);
  if (typeof description !== 'string' || description === '') problems.push('there is no description');
  else if (description.length > MAX_CARD_DESCRIPTION)
    problems.push(`the description is ${description.length} characters; at most ${MAX_CARD_DESCRIPTION}`);
  if (typeof version !== 'string' || !SEMVER.test(version))
    problems.push(`version ${JSON.stringify(version)} is not an exact semver version`);
  return problems;
}

/** The version the server tells its clients, when it is not the package's. */
function serverDrift(server: Json | undefined, pkg: Json): string[] {
  if (server?.version === undefined || pkg.version === undefined || server.version === pkg.version) return [];
  return [`the server says version ${JSON.stringify(server.version)}, package.json ${JSON.stringify(pkg.version)}`];
}

/** Where a committed server.json says something else than package.json and the server now do. */
function driftOf(committed: Json, now: Json): string[] {
  const said = (value: unknown) => JSON.stringify(value);
  const drift: string[] = [];
  for (const key of ['name', 'version', 'description', 'title', 'websiteUrl'] as const) {
    if (said(committed[key]) !== said(now[key]))
      drift.push(`${key} is ${said(committed[key])}, but the project says ${said(now[key])}`);
  }
  const packages = committed.packages as Json[] | undefined;
  const npm = packages?.find((entry) => entry.registryType === 'npm');
  const wanted = (now.packages as Json[])[0]!;
  if (npm === undefined) drift.push(`packages has no npm entry for ${said(wanted.identifier)}`);
  else if (npm.identifier !== wanted.identifier || npm.version !== wanted.version)
    drift.push(
      `packages names ${said(npm.identifier)} ${said(npm.version)}, ` +
        `not ${said(wanted.identifier)} ${said(wanted.version)}`,
    );
  return drift;
}

function githubName(pkg: Json): string | undefined {
  const url = repositoryOf(pkg.repository)?.url;
  const found = typeof url === 'string' ? /github\.com[/:]([^/]+)\/([^/.]+)/.exec(url) : null;
  return found === null ? undefined : `io.github.${found[1]}/${found[2]}`;
}

function repositoryOf(repository: unknown): { url: string; source: string } | undefined {
  const raw = typeof repository === 'string' ? repository : (repository as { url?: unknown } | undefined)?.url;
  if (typeof raw !== 'string') return undefined;
  const url = raw
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/^github:/, 'https://github.com/');
  return { url, source: /github\.com/.test(url) ? 'github' : 'git' };
}

function findPackage(from: string): { file: string; json: Json } {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return { file, json: readJson(file, 'manifest') };
    if (dirname(dir) === dir) throw new UsageError(`manifest: no package.json in ${from} or above it`);
  }
}

function readJson(file: string, name: string): Json {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Json;
  } catch (error) {
    throw new UsageError(`${name} ${file}: ${(error as Error).message}`);
  }
}

/** The module's server as its words: the serverInfo it sends, and its card. */
async function serverOf(module: string): Promise<Json> {
  const [{ moduleServer }, { askServerSelf }] = await Promise.all([
    import('./target.js'),
    import('../transports/server-self.js'),
  ]);
  const server = await moduleServer(module);
  const { serverInfo } = await askServerSelf(server, server.eras.includes('rev2025') ? 'rev2025' : 'rev2026');
  return { ...serverInfo, ...(server.card === undefined ? {} : { card: server.card }) };
}
