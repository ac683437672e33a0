import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, isPermanent, nextTry } from './retry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const queuedAt = new Date('2026-11-23T08:00:00Z');
const after = (ms: number) => new Date(queuedAt.getTime() + ms);

describe('the retry schedule of undelivered mail', () => {
  it('waits a minute after the first failure, doubling each time up to six hours', () => {
    let at = queuedAt;
    const waits: number[] = [];
    for (let attempts = 1; attempts <= 12; attempts++) {
      const next = nextTry(DEFAULT_RETRY, attempts, queuedAt, at) as Date;
      waits.push((next.getTime() - at.getTime()) / MINUTE);
      at = next;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360, 360]);
  });

  it('keeps trying for five days, the last try at their end, then gives up', () => {
    let at = queuedAt;
    let attempts = 1;
    for (let next = nextTry(DEFAULT_RETRY, attempts, queuedAt, at); next; ) {
      at = next;
      attempts++;
      next = nextTry(DEFAULT_RETRY, attempts, queuedAt, at);
    }
    expect(at).toEqual(after(5 * 24 * HOUR));
    // About thirty tries: soon at first, then four a day.
    expect(attempts).toBe(29);
    expect(nextTry(DEFAULT_RETRY, attempts, queuedAt, after(5 * 24 * HOUR + 1))).toBeNull();
  });

  it('follows a shortened schedule (MAIL_RETRY_*), as the fault-injection suite sets it', () => {
    const fast = { baseMs: 100, maxMs: 400, forMs: 1_000 };
    expect(nextTry(fast, 1, queuedAt, after(0))).toEqual(after(100));
    expect(nextTry(fast, 4, queuedAt, after(300))).toEqual(after(700));
    expect(nextTry(fast, 5, queuedAt, after(800))).toEqual(after(1_000));
    expect(nextTry(fast, 6, queuedAt, after(1_000))).toBeNull();
  });

  it('gives up at once only when the receiving server refuses the recipient or the message (5xx)', () => {
    expect(isPermanent({ responseCode: 550, command: 'RCPT TO' })).toBe(true);
    expect(isPermanent({ responseCode: 554, command: 'DATA' })).toBe(true);
    expect(isPermanent({ responseCode: 450, command: 'RCPT TO' })).toBe(false);
    // Our own server refusing the sign-in is mended by its operator: tried again.
    expect(isPermanent({ responseCode: 535, command: 'AUTH PLAIN' })).toBe(false);
    expect(isPermanent(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanent('timeout')).toBe(false);
  });
});
