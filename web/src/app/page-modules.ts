/**
 * Each page route's module, as the build's manifest names it (web/dist/.vite/manifest.json): the server
 * sends a route's HTML with its page chunk and that chunk's imports preloaded (server/plugins/web.ts), so
 * they download with the entry instead of after it. The same modules as the imports in routes.tsx (which
 * the bundler needs written out); tests/e2e/first-load.test.ts fails when a visit fetches a page chunk the
 * HTML did not announce.
 */
export const PAGE_MODULES: Readonly<Record<string, string>> = {
  '/': 'src/features/home/home-page.tsx',
  '/auth': 'src/features/auth/auth-page.tsx',
  '/email-confirmed': 'src/features/auth/email-confirmed-page.tsx',
  '/reset-password': 'src/features/auth/reset-password-page.tsx',
  '/profil': 'src/app/pages/profile.tsx',
  '/moji-psi': 'src/features/dogs/dogs-page.tsx',
  '/ujemanja': 'src/features/matching/matching-page.tsx',
  '/events': 'src/features/events/events-page.tsx',
  '/mesta': 'src/features/spots/spots-page.tsx',
  '/pogresani': 'src/features/lost/lost-page.tsx',
  '/trgovina': 'src/features/shop/shop-page.tsx',
  '/chat': 'src/features/chat/chat-cards-page.tsx',
  '/admin': 'src/app/pages/admin.tsx',
  '/razvijalci': 'src/features/developers/api-docs-page.tsx',
  '/klepet': 'src/features/chat/klepet-page.tsx',
};

/**
 * The spec's second names for a screen: the server answers them with a redirect to the one address, keeping
 * the query (server/plugins/web.ts), and the app's routes do the same for links inside it (routes.tsx).
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/login': '/auth',
  '/dogs': '/moji-psi',
  '/match': '/ujemanja',
  '/shop': '/trgovina',
  '/places': '/mesta',
};

/**
 * The pages the server renders with the visitor's session and data when a session cookie comes with the
 * bare address (server/plugins/web.ts, web/src/prerender.tsx): their largest paint is the member's own data,
 * which is then in the first HTML instead of after the app has started (issue 32). Every other page, and a
 * visitor the server cannot render for, gets the build's prerendered page.
 */
export const SESSION_RENDERED: ReadonlySet<string> = new Set([
  '/profil',
  '/moji-psi',
  '/ujemanja',
  '/events',
  '/chat',
  '/klepet',
]);
