import { afterFirstContent } from './firstContent';

/**
 * Registers the app's one service worker (`public/sw.js`: the shell and the last loaded roster for offline use, and
 * web push), in built apps only, and names to it the assets this page loaded before it took control, so a first
 * visit already opens offline (docs/product/app.md, "Offline").
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(`${window.location.origin}/assets/`));
        registration.active?.postMessage({ type: 'keep-assets', urls });
      })
      .catch((error: unknown) => console.warn('service worker not registered', error));
  // Once the page is idle after its load (at most a few seconds later): installing the worker fetches the app's page
  // and keeps every file loaded so far, work that otherwise competes with the first page's data and render (a big
  // roster's month on a first visit).
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(() => void register(), { timeout: REGISTER_WITHIN_MS })
      : window.setTimeout(() => void register(), 0);
  // And only after the page's first content: before it, the worker's own fetches compete with the page's on a slow
  // phone (the first visit's roster).
  void afterFirstContent().then(() => {
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/** The longest the registration waits for an idle moment after the page's load. */
const REGISTER_WITHIN_MS = 5_000;
