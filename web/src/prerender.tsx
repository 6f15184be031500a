// Server-side entry, used only by the build (scripts/build.mjs): renders a page to HTML in one language,
// as a signed-out visitor sees it before the session is known, which is also the browser's first render.
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Locale } from '#shared/i18n';
import { App } from './app/app';
import { routes } from './app/routes';
import { loadCatalogue } from './lib/intl';

export async function renderPage(pathname: string, locale: Locale): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; it cannot be prerendered`);
  const messages = await loadCatalogue(locale);
  const page = (
    <App catalogue={{ locale, messages }}>
      {/* No hydration data script: the pages have no loaders, and the CSP forbids inline scripts. */}
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </App>
  );
  // The first pass loads the lazy parts (language menu, toaster); the second renders them in place. One
  // pass would leave them to inline scripts (streaming), which the CSP forbids.
  await prerender(page);
  const html = renderToString(page);
  if (/<script|<!--\$[?!]/.test(html)) throw new Error(`${pathname} did not render completely`);
  return html;
}
