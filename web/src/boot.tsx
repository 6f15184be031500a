// The app's start (main.tsx loads it after the first paint): routes, data, hydration or first render.
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import superjson from 'superjson';
import { App } from './app/app';
import { prefetchRoute } from './app/route-data';
import { AppRoutes, type PageHandle, routes } from './app/routes';
import { type CompiledMessages, loadCatalogue, initialLocale } from './lib/intl';
import { keepOfflineCache, restoreOfflineCache } from './lib/offline-cache';
import { rememberTimeZone } from './lib/time-zone-cookie';
import { queryClient } from './lib/trpc';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const pageAt = (location: Pick<Location, 'pathname'>) =>
  matchRoutes(routes, location)?.at(-1)?.route.handle as PageHandle | undefined;

/**
 * The page's chunk, loaded before the first render: a prerendered page (web/src/prerender.tsx) hydrates
 * with its component in place, and a page the shell renders paints whole instead of a spinner first.
 */
async function loadCurrentPage() {
  await pageAt(window.location)?.preload();
}

/**
 * A page the server rendered with the session (server/session-pages.ts) carries the data it was rendered
 * with: in the cache before the first render, which then hydrates that page as it is.
 */
const sessionBlock = document.getElementById('session-data');
const sessionData = sessionBlock?.textContent;
sessionBlock?.remove();
if (sessionData) hydrate(queryClient, superjson.parse(sessionData));
// Else the page's data, asked for now, while its chunk and the catalogue download (app/route-data.ts). A
// prerendered page still hydrates as it was built (lib/hydration.ts), and shows the data the render after.
else prefetchRoute(new URL(window.location.href));
rememberTimeZone();

/**
 * A pointer on a link, a finger down on it or the focus in it: its page's chunk and data start then, before
 * the click (what is already fresh or on its way is not asked for again).
 */
function onLinkIntent(event: Event) {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target) return;
  if (link.pathname === location.pathname) return;
  pageAt(link)
    ?.preload()
    .catch(() => {});
  prefetchRoute(new URL(link.href));
}
for (const type of ['pointerover', 'pointerdown', 'focusin'])
  document.addEventListener(type, onLinkIntent, { passive: true });

// Not top-level await: the bundler would then split the entry's shared modules into many small chunks.
async function start(root: HTMLElement) {
  const locale = initialLocale();
  // What was last loaded, shown should the server not answer (lib/offline-cache.ts); kept from then on.
  void restoreOfflineCache(queryClient).then(() => keepOfflineCache(queryClient));
  const [messages] = await Promise.all([
    // A failed chunk (offline, new deploy) shows the keys rather than nothing.
    loadCatalogue(locale).catch((): CompiledMessages => ({})),
    // A failed page chunk is fetched again by the first render, which shows the error screen if it fails too.
    loadCurrentPage().catch(() => {}),
  ]);
  const hydrating = root.dataset.prerendered === locale;
  const app = (
    <App catalogue={{ locale, messages }} hydrating={hydrating} withSession={Boolean(sessionData)}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
  // A transition renders in slices that leave the main thread free for taps and scrolling.
  startTransition(() => {
    if (hydrating) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

// After a yield: evaluating the bundle and starting the app are two shorter tasks instead of one long one.
setTimeout(() => void start(root));
