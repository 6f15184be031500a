import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { AppLayout } from './layout/app-layout';
import { RequireSession } from './require-session';
import { RouteError } from './route-error';

/**
 * Every page is its own chunk, loaded when its route is first visited. The fallback sits on the page
 * route, so on the first load the layout (top and bottom bars) shows at once with a spinner inside.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
  hydrateFallbackElement: <PageSpinner />,
});

const auth = page(() => import('../features/auth/auth-page'));
const comingSoon = page(() => import('./pages/coming-soon'));

/** Sections later issues build; each path keeps its final URL. */
const COMING_SOON = ['ujemanja', 'match', 'events', 'trgovina', 'shop', 'dogs', 'moji-psi', 'chat'];

const routes: RouteObject[] = [
  {
    Component: AppLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import('../features/home/home-page')) },
      { path: 'auth', ...auth },
      { path: 'login', ...auth },
      { path: 'email-confirmed', ...page(() => import('../features/auth/email-confirmed-page')) },
      { path: 'reset-password', ...page(() => import('../features/auth/reset-password-page')) },
      { path: 'profil', ...page(() => import('../features/profile/profile-page')) },
      ...COMING_SOON.map((path) => ({ path, ...comingSoon })),
      { path: 'klepet', Component: RequireSession, children: [{ index: true, ...comingSoon }] },
      { path: '*', ...page(() => import('./pages/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
