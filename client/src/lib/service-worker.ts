/**
 * Registers the service worker (client/public/sw.js; docs/decisions/105) in a built app: it makes RedFlag
 * installable, serves the offline page and takes shares from other apps. Registered after the page has
 * loaded so it never competes with the first paint. No install prompt of our own: browsers offer
 * installation in their own way, and we do not intercept beforeinstallprompt.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app works as a plain web page; nothing to tell the user.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
