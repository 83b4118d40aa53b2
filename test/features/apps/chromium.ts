// Debian's Chromium (BINARIES.chromium; never a downloaded browser), headless, driven by
// playwright-core over a pipe, and kept to loopback: its resolver answers 127.0.0.x only (address
// literals go through it too; the pages use nothing else), and any request not for loopback goes to
// a proxy on 127.0.0.1:9 that is not there (loopback bypasses a proxy), so nothing leaves the
// machine, not even a DNS query. Launched within `timeoutMs`.
import { chromium, type Browser } from 'playwright-core';
import { BINARIES } from '../../helpers/binaries.js';

export function launchChromium(timeoutMs = 20_000): Promise<Browser> {
  return chromium.launch({
    executablePath: BINARIES.chromium.command,
    headless: true,
    // --no-sandbox: the browser's own process sandbox needs namespaces a root container lacks. The
    // iframes' sandbox attributes, which the test is about, are enforced by Blink without it.
    chromiumSandbox: false,
    timeout: timeoutMs,
    args: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.*', '--proxy-server=http://127.0.0.1:9'],
  });
}
