import { now } from '@app/domain';

/**
 * The server's clock as seen from here: init carries the server's instant, and the difference to the device's clock
 * then is kept, so that a page starting at "today" (the payslip run's month) starts at the server's today even on
 * a device whose clock is off.
 */
let offsetMs = 0;

/** Notes the server's instant of an answer just received. */
export function noteServerNow(iso: string, received: Date = now()) {
  const at = Date.parse(iso);
  if (!Number.isNaN(at)) offsetMs = at - received.getTime();
}

/** The instant now by the server's clock (the device's until init has answered). */
export const serverNow = (): Date => new Date(now().getTime() + offsetMs);
