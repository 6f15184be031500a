import { PawPrint } from 'lucide-react';
import { lazy, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { TermsNotice } from '../../features/terms/terms-notice';
import { AfterHydration } from '../../lib/hydration';
import { useSession } from '../../lib/session';
import { BottomNav } from './bottom-nav';
import { LiveUpdates } from './signed-in';
import { TopBar } from './top-bar';
import { useFocusRescue, useRouteFocus } from './use-route-focus';
import { useScrollRestoration } from './use-scroll-restoration';

// The offline banner and the service worker's registration: not needed for the first paint.
const AppStatus = lazy(() => import('./app-status'));

export function AppLayout() {
  const intl = useIntl();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  useFocusRescue(main);
  useScrollRestoration();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {intl.formatMessage({ id: 'nav.skipToContent' })}
      </a>
      <TopBar />
      <AfterHydration>
        <AppStatus />
      </AfterHydration>
      <SignedInLiveUpdates />
      {/*
       * At least a screen tall (less the top bar), so the footer starts below the fold: it never jumps
       * when a page's content arrives (no layout shift).
       */}
      <main
        ref={main}
        id="main"
        className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-6xl flex-1 px-4 pt-6 pb-10 md:pt-10 md:pb-12"
      >
        <Outlet />
      </main>
      {/* Bottom padding keeps the phone bottom bar (4rem + safe area) off the footer. */}
      <footer className="border-t border-border pb-[calc(4.5rem+env(safe-area-inset-bottom))] md:pb-2">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-x-4 px-4 py-2 text-label text-muted-foreground sm:flex-row sm:justify-between">
          <p className="flex items-center gap-1.5">
            <PawPrint aria-hidden="true" className="size-4 text-primary" />
            {intl.formatMessage({ id: 'nav.footer' })}
          </p>
          <TermsNotice />
        </div>
      </footer>
      <BottomNav />
    </div>
  );
}

/**
 * One set of live subscriptions for the bell, the chat badge and every panel, while signed in. Its own
 * component, so the session's arrival does not re-render the whole layout and page.
 */
function SignedInLiveUpdates() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <AfterHydration>
      <LiveUpdates />
    </AfterHydration>
  );
}
