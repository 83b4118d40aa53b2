// The echo fetch handler as a worker (bench/runtimes.ts bundles it for workerd, once per impl:
// IMPL is replaced at bundle time).
import { fetchHandler } from './fetch-echo.mjs';

let made;
export default {
  fetch(request) {
    made ??= fetchHandler(IMPL);
    return made.then((handle) => handle(request));
  },
};
