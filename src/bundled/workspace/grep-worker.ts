// The thread grep's searches run in. A user's regular expression can backtrack for longer than any
// call may last; here it stops only this thread, which the call terminates at its timeout or cancel.
import { parentPort } from 'node:worker_threads';
import { searchFiles, type SearchRequest } from './grep-search.js';

parentPort?.on('message', (request: SearchRequest) => {
  searchFiles(request).then(
    (reply) => parentPort?.postMessage({ ok: true, ...reply }),
    (error: unknown) =>
      parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
