/// <reference lib="webworker" />
// The service worker: the precached app shell (so a reload without network shows the app, with
// its offline notice), the "your turn" pushes and a tap on them. API and socket traffic is never
// cached: only navigations and the precached files are answered here, everything else goes to
// the network as if there were no worker.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationOptions, readPush, tappedPath, windowShowing } from './lib/pwa/notification';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once (so it works offline without a second visit);
// a later version still waits for "reload" below before it activates.
clientsClaim();
// Every page of the app (/, /r/<id>, /history, /m/<id>) is the one index.html; the API and socket are not pages.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/socket\.io\//] }));

// A new version waits until the page says "reload" (src/lib/pwa/register.svelte.ts), so a game is never swapped mid-move.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    // not JSON: not one of ours, shown as nothing
    data = null;
  }
  const msg = readPush(data);
  if (!msg) return;
  event.waitUntil(self.registration.showNotification(msg.title, notificationOptions(msg)));
});

/** A tap on a notification: focus a tab already showing its room, else open the room. */
async function openRoom(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windowShowing(windows, path);
  if (open) await open.focus();
  else await self.clients.openWindow(path);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openRoom(tappedPath(event.notification.data)));
});
