// Server-side entry, used by the build (scripts/build.mjs) and by the server (server/web/session-render.ts):
// renders a page to HTML in one language, as it shows before the session is known (the build), which is also
// the browser's first render (lib/hydration.ts); or as one member sees it, with their data (the server).
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import superjson from 'superjson';
import type { Locale } from '#shared/i18n';
import type { AppRouter } from '../../server/routers/_app';
import { App } from './app/app';
import { PAGE_MODULES, SESSION_RENDERED } from './app/page-modules';
import { loadRouteData, renderableOnServer } from './app/route-data';
import { AppRoutes } from './app/routes';
import { loadCatalogue } from './lib/intl';
import { QUERY_DEFAULTS, trpc } from './lib/trpc';

/** The pages the build renders: every page route. */
export const PRERENDERED = Object.keys(PAGE_MODULES);

const routed = (pathname: string) => (
  <StaticRouter location={pathname}>
    <AppRoutes />
  </StaticRouter>
);

/** A render with nothing left to the browser's scripts (the CSP allows none inline). */
function complete(pathname: string, html: string): string {
  if (/<script|<!--\$[?!]/.test(html)) throw new Error(`${pathname} did not render completely`);
  return html;
}

export async function renderPage(pathname: string, locale: Locale): Promise<string> {
  const messages = await loadCatalogue(locale);
  const page = (
    <App catalogue={{ locale, messages }} hydrating>
      {routed(pathname)}
    </App>
  );
  // The first pass loads the lazy parts (the page, the language menu); the second renders them in place.
  // One pass would leave them to inline scripts (streaming), which the CSP forbids.
  await prerender(page);
  return complete(pathname, renderToString(page));
}

/** The pages whose code this process has loaded. */
const warm = new Set<string>();

export interface SessionRender {
  /** The page's markup, for <div id="root">, its <title> first. */
  html: string;
  /** The queries it was rendered with (the session's among them), as superjson: the browser hydrates them. */
  data: string;
}

/**
 * A page of SESSION_RENDERED as the member whose calls `link` makes sees it, with its data; null when the
 * link's caller is not signed in, or when the page's first render follows what only the browser keeps. Dates show in `timeZone`, the browser's (a cookie), as the browser will
 * render them when it hydrates. Throws when the page cannot be rendered as the browser will hydrate it (a
 * query failed): the server then sends the build's page.
 */
export async function renderWithSession(
  pathname: string,
  locale: Locale,
  timeZone: string,
  link: TRPCLink<AppRouter>,
): Promise<SessionRender | null> {
  if (!SESSION_RENDERED.has(pathname)) throw new Error(`${pathname} is not rendered with the session`);
  const queryClient = new QueryClient({
    defaultOptions: { ...QUERY_DEFAULTS, queries: { ...QUERY_DEFAULTS.queries, retry: false } },
  });
  const trpcClient = trpc.createClient({ links: [link] });
  const utils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  const [messages, user] = await Promise.all([loadCatalogue(locale), utils.auth.me.fetch()]);
  if (!user) return null;
  await loadRouteData(utils, pathname);
  if (!renderableOnServer(utils, pathname)) return null;
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error');
  if (failed) throw failed.state.error;
  const page: ReactNode = (
    <App catalogue={{ locale, messages }} hydrating withSession data={{ queryClient, trpcClient }}>
      {routed(pathname)}
    </App>
  );
  // The first render of a page loads its code (as renderPage's two passes); every later one is one pass.
  if (!warm.has(pathname)) {
    await prerender(page);
    warm.add(pathname);
  }
  const html = inTimeZone(timeZone, () => renderToString(page));
  return { html: complete(pathname, html), data: superjson.stringify(dehydrate(queryClient)) };
}

/**
 * Runs `render` (synchronous: nothing else runs meanwhile) with the process's time zone set to `timeZone`,
 * which Node applies to Date and Intl at once: the page's dates are formatted in the browser's zone.
 */
function inTimeZone<T>(timeZone: string, render: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return render();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}
