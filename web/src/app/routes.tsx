import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import type { PageHandle } from './layout/app-layout';
import { AppLayout } from './layout/app-layout';
import { RequireSession } from './require-session';
import { RouteError } from './route-error';

/**
 * Every page is its own chunk, loaded when its route is first visited. The fallback sits on the page
 * route, so on the first load the layout (top and bottom bars) shows at once with a spinner inside.
 */
const page = (load: () => Promise<{ default: ComponentType }>, title?: string) => ({
  lazy: async () => ({ Component: (await load()).default }),
  hydrateFallbackElement: <PageSpinner />,
  handle: { title } satisfies PageHandle,
});

/**
 * The spec's second names for a screen lead to its one address, keeping the query, so links, the tab
 * title and the highlighted nav item are the same whichever name was typed.
 */
const alias = (path: string, to: string): RouteObject => ({
  path,
  loader: ({ request }) => redirect(to + new URL(request.url).search),
});

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import('../features/home/home-page')) },
      { path: 'auth', ...page(() => import('../features/auth/auth-page'), 'nav.signIn') },
      alias('login', '/auth'),
      {
        path: 'email-confirmed',
        ...page(() => import('../features/auth/email-confirmed-page'), 'emailConfirmed.title'),
      },
      {
        path: 'reset-password',
        ...page(() => import('../features/auth/reset-password-page'), 'resetPassword.title'),
      },
      { path: 'profil', ...page(() => import('./pages/profile'), 'nav.profile') },
      { path: 'moji-psi', ...page(() => import('../features/dogs/dogs-page'), 'nav.myDogs') },
      alias('dogs', '/moji-psi'),
      { path: 'ujemanja', ...page(() => import('../features/matching/matching-page'), 'nav.match') },
      alias('match', '/ujemanja'),
      { path: 'events', ...page(() => import('../features/events/events-page'), 'nav.events') },
      alias('shop', '/trgovina'),
      { path: 'trgovina', ...page(() => import('../features/shop/shop-page'), 'nav.shop') },
      { path: 'chat', ...page(() => import('../features/chat/chat-cards-page'), 'chat.title') },
      { path: 'admin', ...page(() => import('./pages/admin'), 'admin.title') },
      {
        path: 'razvijalci',
        ...page(() => import('../features/developers/api-docs-page'), 'apiDocs.title'),
      },
      {
        path: 'klepet',
        Component: RequireSession,
        children: [{ index: true, ...page(() => import('../features/chat/klepet-page'), 'nav.chat') }],
      },
      { path: '*', ...page(() => import('./pages/not-found'), 'notFound.title') },
    ],
  },
];
