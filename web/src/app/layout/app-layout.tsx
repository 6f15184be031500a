import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';
import { BottomNav } from './bottom-nav';
import { LiveUpdates } from './signed-in';
import { TopBar } from './top-bar';

/** What a route tells the layout: the locale key of its tab title (none: the app name). */
export interface PageHandle {
  title?: string | undefined;
}

export function AppLayout() {
  const intl = useIntl();
  const title = (useMatches().at(-1)?.handle as PageHandle | undefined)?.title;
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <PageTitle id={title} />
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {intl.formatMessage({ id: 'nav.skipToContent' })}
      </a>
      <TopBar />
      {/* One set of live subscriptions for the bell, the chat badge and every panel, while signed in. */}
      {user && (
        <Suspense>
          <LiveUpdates />
        </Suspense>
      )}
      {/* Bottom padding keeps the phone bottom bar (4rem + safe area) off the content. */}
      <main
        id="main"
        className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] md:pt-10 md:pb-12"
      >
        <Outlet />
      </main>
      <BottomNav />
      <ScrollRestoration />
    </div>
  );
}
