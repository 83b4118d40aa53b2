// Deadlines of one length on one timer (a body read's): each expires once its time has passed, in
// the order started, and a cancelled one never does.
import { describe, expect, it } from 'vitest';
import { deadlinesOf } from '../../../src/transports/http/node/deadlines.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deadlinesOf', () => {
  it('expires each deadline after its time, in order, and never a cancelled one', async () => {
    const deadlines = deadlinesOf(40);
    const expired: string[] = [];
    const started = performance.now();
    const at: Record<string, number> = {};
    const expire = (name: string) => () => {
      expired.push(name);
      at[name] = performance.now() - started;
    };
    deadlines.start(expire('first'));
    const cancelled = deadlines.start(expire('cancelled'));
    await sleep(15);
    deadlines.start(expire('later'));
    deadlines.cancel(cancelled);
    await sleep(100);
    expect(expired).toStrictEqual(['first', 'later']);
    expect(at.first).toBeGreaterThanOrEqual(40);
    expect(at.later).toBeGreaterThanOrEqual(50);
  });

  it('is one clock per length', () => {
    expect(deadlinesOf(1234)).toBe(deadlinesOf(1234));
    expect(deadlinesOf(1234)).not.toBe(deadlinesOf(1235));
  });
});
