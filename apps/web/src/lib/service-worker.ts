/**
 * Registers the service worker (public/sw.js: the app shell for offline and repeat visits, never an
 * API answer) in production builds. Development keeps the network honest: Vite serves fresh modules.
 */
export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the load event, so installing the worker never competes with the page's own requests.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered; the app works without it.', error);
    });
  });
};
