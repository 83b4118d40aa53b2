// `zod-mcp serve --http` whose stderr the parent closed once the URL was read: the line it writes
// there on SIGTERM fails with EPIPE, and it still stops gracefully.
import { expect, it } from 'vitest';
import { startServe } from '../../helpers/serve-process.js';

it('exits 0 on SIGTERM when its stderr is closed', { timeout: 15_000 }, async () => {
  const served = await startServe(['--port', '0']);
  served.child.stderr!.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50)); // the close reaches the pipe before the signal
  expect(await served.stop('SIGTERM')).toBe(0);
});
