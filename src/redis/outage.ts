// A Redis outage, told once: its first failure goes to the store's error report, the later ones
// of the same outage nowhere; meanwhile commands fail at once, and a PING every second finds out
// when Redis answers again, which one more line says. What the stores ask to answer the health check.
export interface OutageWatch {
  /** A command or the connection failed: returns the reason, to fail the request with. */
  failed(reason: string, error?: unknown): string;
  /** A command was answered: an outage, if there was one, is over. */
  answered(): void;
  /** The reason of the outage going on, or undefined. */
  unavailable(): string | undefined;
  stop(): void;
}

export function outageWatch(
  report: (error: unknown) => void,
  note: ((line: string) => void) | undefined,
  probe: () => Promise<unknown>,
): OutageWatch {
  let down: string | undefined;
  let since = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let probing = false;
  const stopProbing = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  return {
    failed(reason, error) {
      if (down === undefined) {
        down = reason;
        since = Date.now();
        report(error ?? new Error(`${reason}; requests that need Redis fail until it answers again`));
        timer = setInterval(() => {
          if (probing) return;
          probing = true;
          void probe()
            .catch(() => undefined)
            .finally(() => (probing = false));
        }, 1000);
        timer.unref?.();
      }
      return `${reason}; try again later`;
    },
    answered() {
      if (down === undefined) return;
      down = undefined;
      stopProbing();
      note?.(`Redis answers again (after ${Date.now() - since} ms)`);
    },
    unavailable: () => down,
    stop: stopProbing,
  };
}
