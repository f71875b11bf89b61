/*
 * Service worker: makes the app installable and keeps its shell (index.html, the hashed
 * bundles, icons and the offline page) on the device.
 *
 * What it never touches: /api and /socket.io requests are not intercepted at all, so
 * balances, prices, orders and every other answer always come from the server and are
 * never stored here. Page loads go to the network too (the server's index.html names the
 * bundles of the current release); only when the network fails is the offline page
 * shown, rather than an old copy of the trading screens with stale figures.
 *
 * Served with `cache-control: no-cache` so a changed worker is picked up on the next visit.
 */
const CACHE = 'coinpulse-shell-v1';
const OFFLINE_URL = '/offline.html';
const SHELL = [
  '/',
  OFFLINE_URL,
  '/offline.js',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
];
/** Hashed bundles of past releases are dropped oldest first beyond this many. */
const MAX_ASSETS = 120;

const isNetworkOnly = (path) =>
  path === '/api' || path.startsWith('/api/') || path === '/socket.io' || path.startsWith('/socket.io/');

/** The hashed files index.html loads (scripts, styles, preloads), to keep them with the shell. */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })));
  const shell = await cache.match('/');
  if (shell) await cache.addAll(assetsOf(await shell.text()));
}

async function trimAssets(cache) {
  const assets = (await cache.keys()).filter((req) => new URL(req.url).pathname.startsWith('/assets/'));
  for (const req of assets.slice(0, Math.max(0, assets.length - MAX_ASSETS))) await cache.delete(req);
}

/** Hashed names never change content: the cached copy is the file. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

/** Unhashed shell files: the server's copy when reachable, else the one kept at install. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(request);
    if (hit) return hit;
    throw err;
  }
}

async function navigate(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_URL);
    return offline ?? Response.error();
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('coinpulse-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Not intercepted: the browser fetches API answers and socket traffic itself, uncached.
  if (isNetworkOnly(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (
    SHELL.includes(url.pathname) ||
    url.pathname.startsWith('/icons/') ||
    url.pathname.startsWith('/install/')
  ) {
    event.respondWith(networkFirst(request));
  }
});
