// A fresh npm project of a user's: the packed zod-mcp tarball and one zod version installed from the
// registry, as `npm install` does for anyone, and `tsc` (strict, module nodenext) run over its files.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { root } from '../../helpers/run.js';

const run = promisify(execFile);
export { root };

/** A version the project itself is tested with, as its lockfile resolved it. */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Packs the project as `npm pack` does (the build is `npm test`'s first step) and returns the tarball. */
export async function packProject(into: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', into], {
    cwd: root,
  });
  const [packed] = JSON.parse(stdout) as [{ filename: string }];
  return join(into, packed.filename);
}

const tsconfig = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    outDir: 'out',
    rootDir: 'src',
    types: ['node'],
    skipLibCheck: false,
  },
  include: ['src'],
};

export interface Project {
  readonly dir: string;
  /** Writes `src/<name>` (`name` may hold folders). */
  write(name: string, text: string): void;
  /** `tsc -p .`: its diagnostics, empty when the project type-checks. */
  typecheck(): Promise<string>;
}

/** A project with zod-mcp from `tarball` and `zod@zodVersion`, installed by npm. */
export async function createProject(tarball: string, zodVersion: string): Promise<Project> {
  const dir = mkdtempSync(join(tmpdir(), `zod-mcp-app-${zodVersion}-`));
  mkdirSync(join(dir, 'src'));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  // What the README's examples import besides: the frameworks it mounts the transport in, the
  // OpenTelemetry API and SDK docs/observability.md sets up, and the model SDKs of docs/agent.md.
  const frameworks = [
    'express',
    '@types/express',
    'hono',
    '@hono/node-server',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace-base',
    '@anthropic-ai/sdk',
    'openai',
  ].map((name) => `${name}@${installedVersion(name)}`);
  const packages = [tarball, `zod@${zodVersion}`, `@types/node@${installedVersion('@types/node')}`, ...frameworks];
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', ...packages], {
    cwd: dir,
    timeout: 120_000,
  });
  return {
    dir,
    write: (name, text) => {
      mkdirSync(dirname(join(dir, 'src', name)), { recursive: true });
      writeFileSync(join(dir, 'src', name), text);
    },
    typecheck: async () => {
      const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
      try {
        await run(process.execPath, [tsc, '-p', dir], { cwd: dir, timeout: 120_000 });
        return '';
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    },
  };
}
