// Rosterly's service worker (docs/product/app.md, "Offline"): keeps the app's shell and the last loaded roster so
// the app opens without a network, read-only; shows web push notifications and opens the app where they lead.
const SHELL = 'rosterly-shell-v1';
const DATA = 'rosterly-data-v1';
/** The header the page reads to know an answer is the saved copy (apps/web/src/app/offline.ts). */
const OFFLINE_COPY_HEADER = 'x-offline-copy';
/** The files the shell needs besides the hashed assets (those are kept as they load). */
const SHELL_FILES = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
/**
 * The answers kept for offline reading, each the last one loaded: the app's start (session, account), the member's
 * locations, the roster's loads and the overview's next steps. Nothing else of the API is kept.
 */
const DATA_PATHS = [/^\/api\/app\/init$/, /^\/api\/locations$/, /^\/api\/items$/, /^\/api\/next-steps$/];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== DATA).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The page names the assets it loaded before this worker controlled it, so they are there offline too. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'keep-assets' && Array.isArray(data.urls)) {
    const urls = data.urls.filter((u) => typeof u === 'string' && new URL(u).pathname.startsWith('/assets/'));
    event.waitUntil(
      caches
        .open(SHELL)
        .then((cache) =>
          Promise.all(urls.map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => undefined)))),
        ),
    );
  }
  if (data.type === 'forget-data') event.waitUntil(caches.delete(DATA));
});

/** A copy of a saved answer marked as such, so the page says it is offline. */
async function markedCopy(response) {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_COPY_HEADER, '1');
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/**
 * Hashed assets never change: from the cache when there, else from the network (kept beside the page's reading, not
 * before it).
 */
async function assetFirst(event) {
  const request = event.request;
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(cache.put(request, copy));
  }
  return response;
}

/** Pages: the network first (a new deployment shows at once), the saved app page when it fails. */
async function pageNetworkFirst(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
      await cache.put('/', response.clone());
    }
    return response;
  } catch (error) {
    const hit = await cache.match('/');
    if (hit) return hit;
    throw error;
  }
}

/**
 * Kept answers: the network first; when it fails, the last answer, marked as the saved copy. The page gets the
 * network's answer as soon as its headers are there and reads it while the copy is written beside it: waiting for
 * the copy first held a month's roster (0.66 MB) back until all of it was read and stored.
 */
async function dataNetworkFirst(event) {
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const hit = await caches.open(DATA).then((cache) => cache.match(request, { ignoreVary: true }));
    if (hit) return markedCopy(hit);
    throw error;
  }
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(DATA).then((cache) => cache.put(request, copy)));
  }
  // Signed out or the session ended: nothing of this member stays on the device.
  else if (response.status === 401) event.waitUntil(caches.delete(DATA));
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out forgets the saved answers (the request itself goes on as usual).
  if (request.method === 'POST' && url.pathname === '/api/auth/logout') {
    event.waitUntil(caches.delete(DATA));
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetFirst(event));
    return;
  }
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/')) {
    event.respondWith(pageNetworkFirst(request));
    return;
  }
  if (DATA_PATHS.some((path) => path.test(url.pathname))) event.respondWith(dataNetworkFirst(event));
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : 'Rosterly' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Rosterly', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (w.url.startsWith(self.location.origin) && 'focus' in w) {
          w.navigate(url);
          return w.focus();
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
