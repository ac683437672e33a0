import { clockFrom, withClock } from '@app/domain';
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
});
