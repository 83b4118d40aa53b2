// Started through npm (`npm start`, `npx zod-mcp serve`), the server is the child of npm's wrapper,
// and a SIGTERM to the wrapper can end it without stopping its child: the server would run on under
// PID 1, holding its port. So, under npm only, the server watches its parent process id; once it
// changes (the parent is gone and the process was adopted), it stops as on SIGTERM. Off with
// ZOD_MCP_PARENT_WATCH=off (an npm script that starts the server in the background on purpose).
// On Windows a process keeps its parent's id when the parent ends: the watch sees nothing there.
// docs/deploy.md.

/** The parent when this module was loaded: as the command starts, before anything could end it. */
const parentAtStart = process.ppid;

/** Resolves when the process that started this one through npm is gone; never when npm did not start it. */
export function parentGone(intervalMs = 500): Promise<'parent gone'> {
  return new Promise((resolve) => {
    if (process.env.npm_lifecycle_event === undefined || process.env.ZOD_MCP_PARENT_WATCH === 'off') return;
    const check = () => {
      if (process.ppid === parentAtStart) return false;
      clearInterval(timer);
      resolve('parent gone');
      return true;
    };
    const timer = setInterval(check, intervalMs);
    timer.unref();
    check();
  });
}
