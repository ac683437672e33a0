import { clockFrom, now, setClock, systemClock, todayIn, withClock } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { noteServerNow, serverNow } from './serverClock';

describe('the server clock', () => {
  it('runs at the server’s instant however far the device’s clock is off', async () => {
    await withClock(clockFrom('2026-01-01T10:00:00Z'), () => {
      noteServerNow('2027-03-28T21:30:00Z');
      expect(Math.abs(serverNow().getTime() - Date.parse('2027-03-28T21:30:00Z'))).toBeLessThan(5_000);
    });
    // An answer without a readable instant changes nothing.
    const before = serverNow().getTime();
    noteServerNow('not a date');
    expect(Math.abs(serverNow().getTime() - before)).toBeLessThan(5_000);
  });

  it('becomes the domain’s clock in place of the device’s, so "today" is the server’s everywhere', async () => {
    const previous = setClock(systemClock);
    try {
      noteServerNow(new Date(Date.now() + 3 * 864e5).toISOString());
      // todayIn without an instant reads the domain's clock: three days ahead of the device.
      expect(todayIn('UTC')).toBe(new Date(Date.now() + 3 * 864e5).toISOString().slice(0, 10));
      expect(Math.abs(now().getTime() - serverNow().getTime())).toBeLessThan(5_000);
      // A later answer moves it again, measured against the device's clock, not the moved one.
      noteServerNow(new Date(Date.now() - 864e5).toISOString());
      expect(todayIn('UTC')).toBe(new Date(Date.now() - 864e5).toISOString().slice(0, 10));
    } finally {
      setClock(previous);
    }
  });
});
