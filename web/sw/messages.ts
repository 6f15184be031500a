/** What the service worker and the page say to each other. */
export const SW_MESSAGES = {
  /** Page → worker: the user chose to load the new version (workbox-window's messageSkipWaiting). */
  skipWaiting: 'SKIP_WAITING',
  /** Worker → page: show this path (a tapped notification). */
  navigate: 'tacke:navigate',
} as const;
