/*
 * Account Hub's service worker: keeps the app shell so the hub opens fast on a repeat visit and
 * shows itself offline. It never touches the API, the SSO endpoints, the provider sign-in round
 * trip (/auth/social/…, whose callback carries a code), the dev mailbox or the demo sites: those
 * always go to the server.
 *
 * - the shell (the page `/` and the hashed files it references) is cached when the worker installs;
 * - page navigations: network first, the cached shell when the network fails;
 * - /assets/* (hashed, never changing): cache first;
 * - the public files (icons, poster, manifest): network first, the cache when offline.
 */

// Stamped at build time (apps/web/vite.config.ts) with a hash of the build's files: each release
// installs a fresh worker with a fresh cache, and the old cache is deleted.
const VERSION = '__BUILD_VERSION__';
const CACHE = `hub-shell-${VERSION}`;
const CACHE_PREFIX = 'hub-shell-';
const SHELL_URL = '/';

/** Paths whose answers must always come from the server. */
const NEVER_CACHED = ['/api', '/auth', '/dev', '/demo', '/.well-known', '/sso', '/healthz', '/readyz'];
const PUBLIC_FILE = /^\/[\w./-]+\.(?:png|svg|jpg|ico|webmanifest)$/;

const neverCached = (path) => NEVER_CACHED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** The hashed files a page references: its entry script, preloaded modules and style sheet. */
const referencedAssets = (html) => [
  ...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1])),
];

const cacheable = (response) => response.ok && response.type === 'basic';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const shell = await fetch(SHELL_URL, { cache: 'no-cache' });
      if (!cacheable(shell)) throw new Error(`the app shell answered ${shell.status}`);
      const html = await shell.clone().text();
      await cache.addAll(referencedAssets(html));
      await cache.put(SHELL_URL, shell);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

const fromNetworkOrShell = async (request, path) => {
  try {
    const response = await fetch(request);
    if (path === SHELL_URL && cacheable(response)) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
};

const fromCacheOrNetwork = async (request) => {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) await cache.put(request, response.clone());
  return response;
};

const fromNetworkOrCache = async (request) => {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (cacheable(response)) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other origins (the video player) and the server-only paths are left to the browser.
  if (url.origin !== self.location.origin || neverCached(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(fromNetworkOrShell(request, url.pathname));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(fromCacheOrNetwork(request));
  else if (PUBLIC_FILE.test(url.pathname) && url.pathname !== '/sw.js')
    event.respondWith(fromNetworkOrCache(request));
});
