import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type TRPCLink, unstable_localLink } from '@trpc/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { isTimeZone, type Locale, TIME_ZONE_COOKIE } from '#shared/i18n';
import { createBearerGuard } from './auth/bearer-guard';
import { SESSION_COOKIE } from './auth/sessions';
import { clientKey } from './client-address';
import { ROOT } from './paths';
import { appRouter, type AppRouter } from './routers/_app';
import type { AppDeps } from './trpc/context';
import { requestContexts } from './trpc/request-context';

/** The web app's server-side entry (web/src/prerender.tsx), as the build leaves it (scripts/build.mjs). */
export const RENDERER_FILE = path.join(ROOT, 'dist', 'render', 'prerender.js');

interface Renderer {
  renderWithSession(
    pathname: string,
    locale: Locale,
    timeZone: string,
    link: TRPCLink<AppRouter>,
  ): Promise<{ html: string; data: string } | null>;
}

/**
 * A member's own page, rendered on the server with their session and data (issue 32: its largest paint is
 * then in the first HTML, not after the app has started and asked for the data). Null whenever the page
 * cannot be rendered as the browser will hydrate it: no session behind the cookie, no time zone to show
 * dates in (the cookie the app sets on its first start), no renderer (a server run from source without a
 * build), or a failure, which is logged. The caller then sends the build's page, which works the same.
 */
export function sessionPages(deps: AppDeps, file = RENDERER_FILE) {
  // Pages read only the cookies: a bearer token is for scripts, which get no pages.
  const contextFor = requestContexts(deps, createBearerGuard(deps.db));
  let renderer: Promise<Renderer | null> | undefined;
  // Loaded with the first such page, not at start-up: it holds the web app's code (memory).
  const load = () =>
    (renderer ??= (import(pathToFileURL(file).href) as Promise<Renderer>).catch((err: unknown) => {
      deps.log.warn({ err, file }, 'no server renderer: pages are sent as the build made them');
      return null;
    }));

  return async function render(
    req: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    locale: Locale,
  ): Promise<{ html: string; data: string } | null> {
    const timeZone = req.cookies[TIME_ZONE_COOKIE];
    if (!req.cookies[SESSION_COOKIE] || !isTimeZone(timeZone)) return null;
    try {
      const context = await contextFor({}, req.cookies, reply, clientKey(req.ip));
      if (!context.user) return null;
      const module = await load();
      if (!module) return null;
      const link = unstable_localLink<AppRouter>({
        router: appRouter,
        createContext: () => Promise.resolve(context),
        transformer: superjson,
      });
      return await module.renderWithSession(pathname, locale, timeZone, link);
    } catch (err) {
      req.log.warn({ err, pathname }, 'rendering the page with the session failed: sent as built');
      return null;
    }
  };
}
