import { describe, expect, it, vi } from 'vitest';
import { QUEUE_RETRY_MS, startBackground, stopBackground } from './background';
import type { Jobs } from './jobs';

/** A queue whose first start fails as when the database cuts the connections just after the server listens. */
function flakyJobs(failures: number) {
  let tries = 0;
  return {
    get tries() {
      return tries;
    },
    async start() {
      tries++;
      if (tries <= failures) throw new Error('terminating connection due to administrator command');
    },
    async stop() {},
  } as unknown as Jobs & { tries: number };
}

const ctx = () => ({
  mailer: { start: vi.fn(), stop: vi.fn(async () => {}) },
  log: { warn: vi.fn() },
});

describe('the background work of a server that already listens', () => {
  it('a queue that cannot start is tried again instead of ending the process', async () => {
    vi.useFakeTimers();
    try {
      const jobs = flakyJobs(2);
      const c = ctx();
      await expect(startBackground(c as never, jobs)).resolves.toBeUndefined();
      expect(c.mailer.start).toHaveBeenCalled();
      expect(jobs.tries).toBe(1);
      expect(c.log.warn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(QUEUE_RETRY_MS[0]);
      expect(jobs.tries).toBe(2);
      await vi.advanceTimersByTimeAsync(QUEUE_RETRY_MS[1]);
      expect(jobs.tries).toBe(3);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(jobs.tries).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a stop cancels the next try', async () => {
    vi.useFakeTimers();
    try {
      const jobs = flakyJobs(5);
      const c = ctx();
      await startBackground(c as never, jobs);
      await stopBackground(c as never, jobs);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(jobs.tries).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
