/**
 * When a mail that could not be delivered is tried again: as mail servers do, soon at first, then less and less often
 * (the wait doubles from `baseMs` up to `maxMs`), for `forMs` after it was queued, and then never. The defaults
 * (1 minute doubling to 6 hours, for 5 days) ride out an SMTP outage of days; MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS
 * and MAIL_RETRY_FOR_MS shorten them (the fault-injection suite, the browser flows).
 */
export interface RetrySchedule {
  baseMs: number;
  maxMs: number;
  forMs: number;
}

export const DEFAULT_RETRY: RetrySchedule = {
  baseMs: 60_000,
  maxMs: 6 * 60 * 60_000,
  forMs: 5 * 24 * 60 * 60_000,
};

/**
 * After the `attempts`-th try failed at `at`: when to try again, or null to give up. The last try falls on the end of
 * the period, so a mail gets its full days however the waits add up.
 */
export function nextTry(schedule: RetrySchedule, attempts: number, queuedAt: Date, at: Date): Date | null {
  const deadline = queuedAt.getTime() + schedule.forMs;
  if (at.getTime() >= deadline) return null;
  const wait = Math.min(schedule.maxMs, schedule.baseMs * 2 ** Math.max(0, attempts - 1));
  return new Date(Math.min(at.getTime() + wait, deadline));
}

/**
 * A refusal that no retry mends: the receiving server refused the recipient or the message itself with a 5xx reply
 * (no such mailbox, message rejected). Everything else (a connection refused or cut, a timeout, a 4xx "try later",
 * our own server's sign-in failing) is tried again.
 */
export function isPermanent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (command === 'RCPT TO' || command === 'DATA')
  );
}
