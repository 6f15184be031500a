import { type ComponentType, use, useEffect } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { PageTitle } from '../components/page-title';
import { AppLayout } from './layout/app-layout';
import { ROUTE_ALIASES } from './page-modules';
import { RequireSession } from './require-session';
import { RouteErrorBoundary } from './route-error';
import { setWorkerNavigate } from './worker-navigation';

/** What a page route carries: the locale key of its tab title (none: the app name), and its code. */
export interface PageHandle {
  title?: string | undefined;
  /** Fetches the page's chunk; main.tsx calls it before the first render. */
  preload: () => Promise<unknown>;
}

/**
 * Every page is its own chunk, fetched on the first visit to its route, or before the first render
 * (`preload`, main.tsx). A page still loading suspends, and as every move is a transition, the last page
 * stays until the new one is there. No Suspense boundary around the pages: the prerendered page then
 * hydrates in the same pass as the layout, before the session's answer can change what it shows. A chunk
 * that failed to preload is fetched again by the first render; when that fails too, the error screen.
 */
const page = (load: () => Promise<{ default: ComponentType }>, title?: string) => {
  let loaded: ComponentType | undefined;
  const preload = () => load().then(({ default: component }) => (loaded = component));
  // The fetch a render waits for, kept when it fails: every render then shows the same error.
  let rendered: Promise<ComponentType> | undefined;
  function Page() {
    const Component = loaded ?? use((rendered ??= preload()));
    // eslint-disable-next-line react-hooks/static-components -- the page module's one component, not a new one
    return <Component />;
  }
  return { element: <Page />, handle: { title, preload } satisfies PageHandle };
};

/**
 * The spec's second names for a screen lead to its one address, keeping the query, so links, the tab
 * title and the highlighted nav item are the same whichever name was typed.
 */
function Alias({ to }: { to: string }) {
  return <Navigate to={to + useLocation().search} replace />;
}
const alias = (path: string, to: string): RouteObject => ({ path, element: <Alias to={to} /> });

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      { index: true, ...page(() => import('../features/home/home-page')) },
      { path: 'auth', ...page(() => import('../features/auth/auth-page'), 'nav.signIn') },
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
      { path: 'ujemanja', ...page(() => import('../features/matching/matching-page'), 'nav.match') },
      { path: 'events', ...page(() => import('../features/events/events-page'), 'nav.events') },
      { path: 'mesta', ...page(() => import('../features/spots/spots-page'), 'spots.title') },
      { path: 'pogresani', ...page(() => import('../features/lost/lost-page'), 'lost.title') },
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
      ...Object.entries(ROUTE_ALIASES).map(([from, to]) => alias(from.slice(1), to)),
      { path: '*', ...page(() => import('./pages/not-found'), 'notFound.title') },
    ],
  },
];

/**
 * The page at the address, with its tab title; the error screen instead when a page fails to render. Also
 * hands the router's navigate to a tapped notification (app/worker-navigation.ts): here, as the browser's
 * tree must be the prerender's (web/src/prerender.tsx), or ids made by useId would differ after hydration.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setWorkerNavigate(navigate);
  }, [navigate]);
  const location = useLocation();
  const element = useRoutes(routes);
  const handle = matchRoutes(routes, location)?.at(-1)?.route.handle as PageHandle | undefined;
  return (
    <RouteErrorBoundary locationKey={location.key}>
      <PageTitle id={handle?.title} />
      {element}
    </RouteErrorBoundary>
  );
}
