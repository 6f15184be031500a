import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { SW_MESSAGES } from '../sw/messages';
import { App } from './app/app';
import { routes } from './app/routes';
import { type CompiledMessages, loadCatalogue, storedLocale } from './lib/intl';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/**
 * The page's lazy route modules, loaded before the router starts: a prerendered page (the landing page,
 * see web/src/prerender.tsx) hydrates with its component in place, any other page paints whole instead
 * of a spinner first, and the router starts with nothing to load.
 */
async function loadCurrentRoute() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

// A tapped notification (web/sw/sw.ts) asks an open window for its screen. Listening from the first moment:
// the worker's messages wait for the page to load, then go to whoever listens.
navigator.serviceWorker?.addEventListener(
  'message',
  ({ data }: MessageEvent<{ type?: unknown; path?: unknown }>) => {
    const path = data?.type === SW_MESSAGES.navigate && typeof data.path === 'string' ? data.path : '';
    if (!/^\/(?!\/)/.test(path)) return;
    if (router) void router.navigate(path);
    else window.location.assign(path);
  },
);

// Not top-level await: the bundler would then split the entry's shared modules into many small chunks.
async function start(root: HTMLElement) {
  const locale = storedLocale();
  const [messages] = await Promise.all([
    // A failed chunk (offline, new deploy) shows the keys rather than nothing.
    loadCatalogue(locale).catch((): CompiledMessages => ({})),
    // A failed page chunk is left to the router, which retries it and shows its error page.
    loadCurrentRoute().catch(() => {}),
  ]);
  const app = (
    <App catalogue={{ locale, messages }}>
      <RouterProvider router={(router = createBrowserRouter(routes))} />
    </App>
  );
  // A transition renders in slices that leave the main thread free for taps and scrolling.
  startTransition(() => {
    if (root.dataset.prerendered === locale) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

// After a yield: evaluating the bundle and starting the app are two shorter tasks instead of one long one.
setTimeout(() => void start(root));
