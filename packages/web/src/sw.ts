/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa in injectManifest mode, registered in
 * production builds only: main.tsx). It precaches the build, so screens open without the
 * network once seen; shows an offline screen instead of the browser's error when a page cannot
 * load; never caches the API (answers are per user and must be fresh); and shows push
 * notifications, opening the app at the plan when one is clicked.
 */
import {
  cleanupOutdatedCaches,
  PrecacheFallbackPlugin,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { appPath, readPushMessage } from "@/features/notifications/push-payload";

declare const self: ServiceWorkerGlobalScope;

const OFFLINE_PAGE = "/offline.html";
const ICON = "/icons/icon-192.png";
const BADGE = "/icons/badge-96.png";

// A new build takes over at once: its precache is complete before it activates.
self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // The page's own request starts while the worker wakes up (NetworkOnly uses it).
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages always come from the network (index.html is no-cache: a new build shows at once);
// without one, the offline screen. /api is not a page, and nothing else matches it here.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE })] }),
    { denylist: [/^\/api\//] },
  ),
);

self.addEventListener("push", (event) => {
  const message = readPushMessage(event.data?.text());
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: ICON,
      badge: BADGE,
    }),
  );
});

// The app's open window goes to the plan (and comes to the front); otherwise a new one opens.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(appPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      // Focus first, while the click still allows it; a window that will not come forward
      // (the browser's call) is still taken to the plan.
      await open.focus().catch(() => undefined);
      try {
        await open.navigate(url);
      } catch {
        // A window this worker does not control cannot be navigated from here.
        await self.clients.openWindow(url);
      }
    })(),
  );
});
