import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { parsePushPayload } from '#shared/domain/push-payload';
import { SW_MESSAGES } from './messages';

/**
 * The service worker (issue 19): keeps the app shell so the app opens offline, shows pushes, and opens the
 * right screen when one is tapped. Built by vite-plugin-pwa (injectManifest), served at /sw.js.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Pages come from the server while it answers (the landing page in the visitor's language, the newest shell);
 * without a network, or after a few seconds of a bad one, the page last seen at that address or the kept
 * shell, which renders every route itself. The server's own paths are never pages. A page rendered with a
 * member's data (`Cache-Control: private`, server/session-pages.ts) is never kept: after a sign-out it would
 * show them to whoever opens the app offline; what the app keeps for offline use is forgotten at sign-out.
 */
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'pages',
      networkTimeoutSeconds: 4,
      plugins: [
        {
          cacheWillUpdate: async ({ response }) =>
            response.status === 200 && !/\bprivate\b/.test(response.headers.get('cache-control') ?? '')
              ? response
              : null,
          handlerDidError: async () => (await matchPrecache('/index.html')) ?? Response.error(),
        },
      ],
    }),
    { denylist: [/^\/(trpc|api|media|healthz)(\/|$)/] },
  ),
);

// The first version controls the open page at once (it works offline from the first visit); a later one
// takes over when it activates, after the prompt.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// A new version waits until the page's "Reload" says so (the update prompt), never mid-form.
self.addEventListener('message', (event) => {
  if (event.data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const payload = parsePushPayload(event.data?.text());
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(String(event.notification.data?.url ?? '/'), self.location.origin);
  // Only the app's own paths: a payload is ours, but a tap never leaves the site.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(openApp(url.pathname + url.search));
});

/** Shows `path` in an open window of the app (its router navigates, keeping state), or opens one. */
async function openApp(path: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(path);
  open.postMessage({ type: SW_MESSAGES.navigate, path });
  return open.focus();
}
