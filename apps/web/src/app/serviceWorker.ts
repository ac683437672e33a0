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
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
