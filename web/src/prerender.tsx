// Server-side entry, used only by the build (scripts/build.mjs): renders a page to HTML in one language,
// as it shows before the session is known, which is also the browser's first render (lib/hydration.ts).
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Locale } from '#shared/i18n';
import { App } from './app/app';
import { PAGE_MODULES } from './app/page-modules';
import { AppRoutes } from './app/routes';
import { loadCatalogue } from './lib/intl';

/** The pages the build renders: every page route. */
export const PRERENDERED = Object.keys(PAGE_MODULES);

export async function renderPage(pathname: string, locale: Locale): Promise<string> {
  const messages = await loadCatalogue(locale);
  const page = (
    <App catalogue={{ locale, messages }} hydrating>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </App>
  );
  // The first pass loads the lazy parts (the page, the language menu); the second renders them in place.
  // One pass would leave them to inline scripts (streaming), which the CSP forbids.
  await prerender(page);
  const html = renderToString(page);
  if (/<script|<!--\$[?!]/.test(html)) throw new Error(`${pathname} did not render completely`);
  return html;
}
