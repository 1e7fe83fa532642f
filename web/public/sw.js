// The app's offline copy, for evaluators on a floor without a signal (issue 28): the page they had
// open, and the files it was built from, answer a reload when the network cannot. Always the
// network first, so a connected browser never sees an old copy; the API is never answered from here
// (the evaluation outbox keeps what must be sent, in IndexedDB).
const CACHE = 'app-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  const keep = request.mode === 'navigate' || url.pathname.startsWith('/assets/');
  if (!keep) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(async () => {
        const cache = await caches.open(CACHE);
        // A route the device has not opened yet gets the app's page kept for /evaluate (one shell serves every route).
        const found = (await cache.match(request)) ?? (request.mode === 'navigate' ? await cache.match('/evaluate') : undefined);
        return found ?? Response.error();
      }),
  );
});
