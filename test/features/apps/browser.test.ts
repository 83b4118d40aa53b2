// An MCP App in a real browser (MCP Apps 2026-01-26): Debian's Chromium, driven by playwright-core,
// opens a host page built on the official MCP client and AppBridge, which shows show_chart's view
// through a sandbox proxy on another origin. The view draws the values it was called with; its
// button's tools/call reaches the server through the host; and its CSP, built from the resource's
// `_meta.ui.csp`, keeps it from a loopback origin its connectDomains do not list (a probe there
// counts no request: a CSP block, not a CORS failure), while a positive control whose
// connectDomains list the probe reaches it, once. Everything listens on 127.0.0.0/8 only.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../../helpers/binaries.js';
import { root } from '../../helpers/run.js';
import { startHttpProcess, type ServeProcess } from '../../helpers/serve-process.js';
import { programJs } from '../../helpers/stdio-peer.js';
import { launchChromium } from './chromium.js';
import { startPages, startProbe, type Pages, type Probe } from './pages.js';

/** What serves show_chart: the demo, as a user starts it. */
const CHART_SERVER: readonly string[] = [programJs, 'serve', '--demo', '--http', '--port', '0'];
/** The positive control: a view whose connectDomains list the probe's origin, which only the test knows. */
const CONTROL_SERVER = join(import.meta.dirname, 'servers', 'probe.mjs');

const SCREENSHOT = join(root, 'test', '.output', 'apps', 'show_chart.png');
const ARGS = { title: 'Primes', values: [2, 3, 5, 7, 11] };
const STATS = { count: 5, sum: 28, mean: 5.6, min: 2, max: 11 };
/** The policy built from show_chart's `_meta.ui.csp` (every list empty). */
const CHART_POLICY =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; frame-src 'none'; object-src 'none'; base-uri 'self'";
/** The limit of each wait in the browser. */
const STEP_MS = 10_000;

let browser: Browser;
let pages: Pages;
let probe: Probe;
const cleanups: (() => Promise<unknown>)[] = [];

/** What `starting` gives, stopped by `stop` after the tests (so what started is stopped even if the rest fails to). */
async function kept<T>(starting: Promise<T>, stop: (started: T) => Promise<unknown>): Promise<T> {
  const started = await starting;
  cleanups.push(() => stop(started));
  return started;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, limitMs = STEP_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await sleep(50);
  }
}

async function frameIn(parent: Frame, selector: string): Promise<Frame> {
  const frame = await (await parent.locator(selector).elementHandle())?.contentFrame();
  if (frame == null) throw new Error(`no frame at ${selector}`);
  return frame;
}

interface Shown {
  readonly page: Page;
  readonly sandbox: Frame;
  readonly view: Frame;
  /** Uncaught errors of the page's frames. */
  readonly errors: string[];
}

/** The host page showing `tool` of the server `server` (a name the page server forwards), once it says `shown`. */
async function show(server: string, tool: string, args: Record<string, unknown>): Promise<Shown> {
  pages.calls.length = 0;
  const page = await browser.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.setDefaultNavigationTimeout(STEP_MS);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(pages.hostUrl(server, tool, args));
  await page.locator('#status:not([data-state="starting"])').waitFor();
  expect(await page.locator('#status').textContent()).toBe('shown');
  const sandbox = await frameIn(page.mainFrame(), '#app iframe');
  return { page, sandbox, view: await frameIn(sandbox, 'iframe'), errors };
}

/** `check` on the host page showing `tool`, which then has had no uncaught error; the page is closed either way. */
async function inView(
  server: string,
  tool: string,
  args: Record<string, unknown>,
  check: (shown: Shown) => Promise<void>,
): Promise<void> {
  const shown = await show(server, tool, args);
  try {
    await check(shown);
    expect(shown.errors).toStrictEqual([]);
  } finally {
    await shown.page.close();
  }
}

/** A fetch from inside `frame`, bounded, and the CSP violation it raised (if one comes within 500 ms). */
function fetchFrom(frame: Frame, url: string) {
  return frame.evaluate(async (target) => {
    type Violation = { effectiveDirective: string; blockedURI: string; originalPolicy: string };
    const scope = globalThis as unknown as {
      addEventListener(type: 'securitypolicyviolation', listener: (event: Violation) => void): void;
    };
    const violated = new Promise<{ directive: string; blocked: string; policy: string }>((resolve) =>
      scope.addEventListener('securitypolicyviolation', (event) =>
        resolve({ directive: event.effectiveDirective, blocked: event.blockedURI, policy: event.originalPolicy }),
      ),
    );
    const outcome = await fetch(target, { signal: AbortSignal.timeout(5000) }).then(
      async (response) => `${response.status} ${await response.text()}`,
      (error: unknown) => String(error),
    );
    return {
      outcome,
      violation: await Promise.race([violated, new Promise<null>((resolve) => setTimeout(() => resolve(null), 500))]),
    };
  }, url);
}

const policyOf = (view: Frame) => view.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');

/** A PNG's signature and IHDR chunk, and its width, height and size in bytes. */
function readPng(path: string) {
  const bytes = readFileSync(path);
  return {
    signature: bytes.subarray(0, 8).toString('hex'),
    chunk: bytes.subarray(12, 16).toString('latin1'),
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bytes: bytes.length,
  };
}

describeWith('chromium')('an MCP App in Chromium, through a sandbox proxy on another origin', () => {
  beforeAll(async () => {
    probe = await kept(startProbe(), (started) => started.close());
    const stop = (server: ServeProcess) => server.stop();
    const [chart, control] = await Promise.all([
      kept(startHttpProcess(CHART_SERVER), stop),
      kept(startHttpProcess([CONTROL_SERVER], { PROBE_ORIGIN: probe.origin }), stop),
    ]);
    [pages, browser] = await Promise.all([
      kept(startPages({ chart: chart.url, control: control.url }), (started) => started.close()),
      kept(launchChromium(), (started) => started.close()),
    ]);
  }, 60_000);
  afterAll(async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  });

  it('show_chart: the view draws the values it was called with, and its button gets chart_stats from the server', {
    timeout: 60_000,
  }, async () => {
    await inView('chart', 'show_chart', ARGS, async ({ page, sandbox, view }) => {
      // The proxy: another origin, with exactly the spec's permissions. The view: an opaque origin, under its resource's CSP.
      expect(await page.locator('#app iframe').getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
      expect(new URL(sandbox.url()).origin).toBe(pages.sandboxOrigin);
      expect(await sandbox.locator('iframe').getAttribute('sandbox')).toBe('allow-scripts');
      expect(view.url()).toBe('about:srcdoc');
      expect(await policyOf(view)).toBe(CHART_POLICY);

      await view
        .locator('.bar')
        .nth(ARGS.values.length - 1)
        .waitFor();
      expect(await view.locator('#title').textContent()).toBe('Primes');
      const bars = await view.locator('#chart .bar').all();
      expect(await Promise.all(bars.map((bar) => bar.getAttribute('data-value')))).toStrictEqual([
        '2',
        '3',
        '5',
        '7',
        '11',
      ]);

      await view.locator('#stats').click();
      await view.locator('#answer:not(:empty)').waitFor();
      expect(await view.locator('#answer').textContent()).toBe('count 5, sum 28, mean 5.6, min 2, max 11');
      // Both calls passed through the host page's /chart/mcp to the server, and the view shows the server's answer.
      await until(() => pages.calls.length === 2, 'both tools/call answers passed back through the forwarder');
      expect(pages.calls).toStrictEqual([
        { server: 'chart', name: 'show_chart', arguments: ARGS, structuredContent: { ...ARGS, max: 11 } },
        { server: 'chart', name: 'chart_stats', arguments: { values: ARGS.values }, structuredContent: STATS },
      ]);

      // ui/notifications/size-changed: the host makes the proxy's frame as tall as the view's document.
      const viewHeight = async () => Math.ceil((await view.locator('html').boundingBox())?.height ?? -1);
      await until(
        async () => (await page.locator('#app iframe').getAttribute('style')) === `height: ${await viewHeight()}px;`,
        'the frame took the height the view reported',
      );
      expect(await viewHeight()).toBeGreaterThan(200);

      mkdirSync(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      const png = readPng(SCREENSHOT);
      expect({ ...png, bytes: png.bytes > 10_000 && png.bytes < 2_000_000 }).toStrictEqual({
        signature: '89504e470d0a1a0a',
        chunk: 'IHDR',
        width: 1280,
        height: 720,
        bytes: true,
      });
    });
  });

  it("the view's CSP keeps it from a loopback origin its connectDomains do not list: the fetch fails, and the probe never hears of it", {
    timeout: 30_000,
  }, async () => {
    await inView('chart', 'show_chart', ARGS, async ({ view }) => {
      const url = `${probe.origin}/from-show_chart`;
      expect(await fetchFrom(view, url)).toStrictEqual({
        outcome: 'TypeError: Failed to fetch',
        violation: { directive: 'connect-src', blocked: url, policy: CHART_POLICY },
      });
      expect(probe.requests).toStrictEqual([]);
    });
  });

  it('the positive control: a view whose connectDomains list the probe reaches it, once', {
    timeout: 30_000,
  }, async () => {
    await inView('control', 'probe_chart', ARGS, async ({ view }) => {
      expect(await policyOf(view)).toBe(
        CHART_POLICY.replace("connect-src 'self'", `connect-src 'self' ${probe.origin}`),
      );
      expect(await fetchFrom(view, `${probe.origin}/from-probe_chart`)).toStrictEqual({
        outcome: '200 probe',
        violation: null,
      });
      expect(probe.requests).toStrictEqual(['GET /from-probe_chart']);
    });
  });
});
