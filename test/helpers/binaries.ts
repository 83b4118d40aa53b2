// Programs some tests run as real peers (Debian's redis-server and nginx) or use (openssl,
// chromium for the MCP Apps test, unshare for a network namespace of a test's own). `npm test` passes on a machine without them: the tests that need
// one are skipped, and test/global-setup.ts says so in one line each. With ZOD_MCP_TEST_ALL=1 (as
// .ci/run sets it) nothing is skipped: a missing program fails the run at its start.
import { spawnSync } from 'node:child_process';
import { describe } from 'vitest';

export const BINARIES = {
  'redis-server': { probe: ['--version'], install: 'apt-get install redis-server' },
  nginx: { probe: ['-v'], install: 'apt-get install nginx' },
  openssl: { probe: ['version'], install: 'apt-get install openssl' },
  // The Prometheus project's own Python client, whose text parser reads /metrics in the tests.
  'python3-prometheus-client': {
    command: '/usr/bin/python3',
    probe: ['-c', 'import prometheus_client.parser'],
    install: 'apt-get install python3-prometheus-client',
  },
  // Debian's Chromium, which playwright-core drives in the MCP Apps browser test (never a downloaded browser).
  chromium: { command: '/usr/bin/chromium', probe: ['--version'], install: 'apt-get install chromium' },
  // A network namespace of the test's own, with its loopback up: where a server may bind 0.0.0.0 and
  // still be reached from nowhere else (util-linux's unshare and iproute2's ip, as root).
  unshare: {
    command: '/usr/bin/unshare',
    probe: ['-n', '/usr/sbin/ip', 'link', 'set', 'lo', 'up'],
    install: 'apt-get install util-linux iproute2, and run as root',
  },
  // systemd's unit checker, for the unit docs/deploy.md shows (it needs no running systemd).
  'systemd-analyze': { command: '/usr/bin/systemd-analyze', probe: ['--version'], install: 'apt-get install systemd' },
} as const satisfies Record<string, { command?: string; probe: readonly string[]; install: string }>;
export type Binary = keyof typeof BINARIES;

/** Set by .ci/run: every test runs, and a missing program is a failure. */
export const everyTestRequired = process.env.ZOD_MCP_TEST_ALL === '1';

const found = new Map<Binary, boolean>();
export function isInstalled(name: Binary): boolean {
  let installed = found.get(name);
  if (installed === undefined) {
    const entry: { command?: string; probe: readonly string[] } = BINARIES[name];
    const probe = spawnSync(entry.command ?? name, entry.probe, { stdio: 'ignore' });
    found.set(name, (installed = probe.error === undefined && probe.status === 0));
  }
  return installed;
}

/** `describe`, skipped when one of `binaries` is not installed (never under ZOD_MCP_TEST_ALL=1). */
export function describeWith(...binaries: Binary[]): typeof describe {
  return describe.skipIf(!everyTestRequired && !binaries.every(isInstalled)) as typeof describe;
}
