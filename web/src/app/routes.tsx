import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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

const auth = page(() => import('../features/auth/auth-page'), 'nav.signIn');
const comingSoon = page(() => import('./pages/coming-soon'), 'comingSoon.title');
const dogs = page(() => import('../features/dogs/dogs-page'), 'nav.myDogs');
const matching = page(() => import('../features/matching/matching-page'), 'nav.match');

/** Sections later issues build; each path keeps its final URL. */
const COMING_SOON = ['events', 'trgovina', 'shop', 'chat'];

const routes: RouteObject[] = [
  {
    Component: AppLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import('../features/home/home-page')) },
      { path: 'auth', ...auth },
      { path: 'login', ...auth },
      {
        path: 'email-confirmed',
        ...page(() => import('../features/auth/email-confirmed-page'), 'emailConfirmed.title'),
      },
      {
        path: 'reset-password',
        ...page(() => import('../features/auth/reset-password-page'), 'resetPassword.title'),
      },
      { path: 'profil', ...page(() => import('../features/profile/profile-page'), 'nav.profile') },
      { path: 'dogs', ...dogs },
      { path: 'moji-psi', ...dogs },
      { path: 'ujemanja', ...matching },
      { path: 'match', ...matching },
      ...COMING_SOON.map((path) => ({ path, ...comingSoon })),
      { path: 'klepet', Component: RequireSession, children: [{ index: true, ...comingSoon }] },
      { path: '*', ...page(() => import('./pages/not-found'), 'notFound.title') },
    ],
  },
];

export const router = createBrowserRouter(routes);
