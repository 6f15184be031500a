import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (web/sw/sw.ts; built only for production). Loaded after the page has started,
 * so it costs the first paint nothing. A tapped notification's navigation is main.tsx's (it listens from the
 * start).
 */
export interface ServiceWorkerHooks {
  /** A new version is installed and waiting; `reload` switches to it and reloads the page. */
  onUpdate(reload: () => void): void;
}

export function registerServiceWorker({ onUpdate }: ServiceWorkerHooks) {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () =>
    onUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );
  void workbox.register();
  // A long-open tab (the app left open on a phone) looks for a new version every hour too.
  setInterval(() => void workbox.update(), 60 * 60_000);
}
