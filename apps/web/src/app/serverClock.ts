import { type Clock, now, setClock, systemClock } from '@app/domain';

/**
 * The server's clock as seen from here: init carries the server's instant, and the difference to the device's clock
 * then is kept. In the app that clock becomes the domain's (`now()`, and so `todayIn` without an instant), so every
 * page's "today" is the server's today even on a device whose clock is off (docs/product/app.md, "Dates").
 */
let offsetMs = 0;
/** Whether the app runs on the server's clock (only in place of the device's: a test's fake clock stays). */
let installed = false;
const serverClock: Clock = { now: () => new Date(systemClock.now().getTime() + offsetMs) };

/** Notes the server's instant of an answer just received. */
export function noteServerNow(iso: string, received: Date = installed ? systemClock.now() : now()) {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return;
  offsetMs = at - received.getTime();
  if (installed) return;
  const previous = setClock(serverClock);
  if (previous === systemClock) installed = true;
  else setClock(previous);
}

/** The instant now by the server's clock (the device's until init has answered). */
export const serverNow = (): Date => (installed ? now() : new Date(now().getTime() + offsetMs));
