/*
 * RedFlag's service worker (docs/decisions/105-installable-app-and-share-target.md). Plain JavaScript, served
 * as written; the build (client/vite.config.ts, redflag-service-worker) replaces VERSION with a hash of the
 * build's asset names and SHELL with the entry's script and style, so every deploy is a new worker.
 *
 * - Caches only the app's own static files: the offline page, icons, the manifest (network first, the copy
 *   for offline use) and hashed /assets/ files (immutable: cache first). Never an API answer (/api/, /v1/),
 *   never a page: pages hold nothing cached, and a message is only ever in an API request or answer.
 * - Pages: network first; with no network, the offline page.
 * - Updates: a new version installs beside the old one and waits. It takes over when no tab uses the old one,
 *   or at a navigation when the navigating tab is the only one (a fresh page load is a safe moment); an open
 *   tab is never switched under its feet, and the old version's cache stays until then.
 * - Share target: POST /share (the manifest's share_target) is answered here, so a shared image never
 *   reaches the server: it is kept in Cache Storage for the analyzer to take (and dropped after 10 minutes),
 *   and the shared text goes to the analyzer in the URL fragment.
 *
 * The message composition and fragment format repeat packages/contracts/src/share-target.ts.
 */
const VERSION = /*__REDFLAG_VERSION__*/ 'dev';
const SHELL = /*__REDFLAG_SHELL__*/ [];

const SHELL_CACHE = `redflag-shell-${VERSION}`;
const SHARE_CACHE = 'redflag-share';
const SHARED_IMAGE_URL = '/__share/image';
const SHARED_IMAGE_TTL_MS = 10 * 60 * 1000;
const OFFLINE_URL = '/offline.html';
const STATIC = [OFFLINE_URL, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll([...STATIC, ...SHELL])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith('redflag-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)),
      );
      await dropStaleShare();
      // The first install takes the open page at once (nothing to break); an update activates only when safe.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/share') {
    event.respondWith(takeShare(request));
    return;
  }
  if (request.method !== 'GET') return;
  // API answers and dev tools: never touched, never cached.
  if (/^\/(api|v1|dev|billing|healthz|readyz|metrics)(\/|$)/.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (STATIC.includes(url.pathname)) event.respondWith(networkFirst(request));
});

async function navigate(event) {
  void updateIfAlone();
  void dropStaleShare();
  try {
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_URL);
    return (
      offline ||
      new Response('You are offline.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    );
  }
}

/** A waiting new version takes over at a navigation, when the navigating tab is the only one open. */
async function updateIfAlone() {
  const waiting = self.registration.waiting;
  if (!waiting) return;
  const windows = await self.clients.matchAll({ type: 'window' });
  if (windows.length <= 1) waiting.postMessage({ type: 'skip-waiting' });
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // Hashed assets never change; a failed answer is not kept.
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** Files whose name does not change with their content (the manifest, icons): fresh when online. */
async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw new TypeError('offline');
  }
}

function field(form, name) {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function composeSharedMessage(title, text, url) {
  const parts = [title && !text.includes(title) ? title : '', text, url && !text.includes(url) ? url : ''];
  return parts.filter(Boolean).join('\n');
}

async function takeShare(request) {
  let text = '';
  let image = false;
  try {
    const form = await request.formData();
    text = composeSharedMessage(field(form, 'title'), field(form, 'text'), field(form, 'url'));
    const file = form.getAll('image').find((f) => typeof f !== 'string' && IMAGE_TYPES.includes(f.type) && f.size > 0);
    const cache = await caches.open(SHARE_CACHE);
    await cache.delete(SHARED_IMAGE_URL);
    if (file) {
      await cache.put(
        SHARED_IMAGE_URL,
        new Response(file, {
          headers: {
            'content-type': file.type,
            'x-shared-at': String(Date.now()),
            'x-file-name': encodeURIComponent(file.name || 'shared-image'),
          },
        }),
      );
      image = true;
    }
  } catch {
    // An unreadable form: open the analyzer empty rather than fail the share.
  }
  const params = new URLSearchParams();
  if (text) params.set('text', text);
  if (image) params.set('image', '1');
  const rest = params.toString();
  return Response.redirect(new URL(`/#share${rest ? `&${rest}` : ''}`, self.location.origin).href, 303);
}

/** A shared image nobody took within 10 minutes is dropped. */
async function dropStaleShare() {
  const cache = await caches.open(SHARE_CACHE);
  const kept = await cache.match(SHARED_IMAGE_URL);
  if (kept && Date.now() - Number(kept.headers.get('x-shared-at') || 0) > SHARED_IMAGE_TTL_MS)
    await cache.delete(SHARED_IMAGE_URL);
}
