/**
 * Registers the service worker (src/sw.ts: precache, offline screen, push) in production builds
 * once the page has loaded, so it never competes with the first screen for the network. The
 * development server has no worker: it would serve stale modules under hot reload.
 */
export const SERVICE_WORKER_URL = "/sw.js";

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    // Without a worker the app still works; only offline and push do not.
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => {});
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
