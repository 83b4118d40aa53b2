// Started through npm (`npm start`, `npx zod-mcp serve`), the server is the child of npm's wrapper,
// and a SIGTERM to the wrapper can end it without stopping its child: the server would run on under
// PID 1, holding its port. So, under npm only, the server watches its parent process id; once it
// changes (the parent is gone and the process was adopted), it stops as on SIGTERM. docs/deploy.md.

/** Resolves when the process that started this one through npm is gone; never when npm did not start it. */
export function parentGone(intervalMs = 500): Promise<'parent gone'> {
  return new Promise((resolve) => {
    if (process.env.npm_lifecycle_event === undefined) return;
    const parent = process.ppid;
    const timer = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(timer);
      resolve('parent gone');
    }, intervalMs);
    timer.unref();
  });
}
