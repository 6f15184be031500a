import { useIntl } from 'react-intl';
import { Outlet, ScrollRestoration } from 'react-router';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';

export function AppLayout() {
  const intl = useIntl();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {intl.formatMessage({ id: 'nav.skipToContent' })}
      </a>
      <TopBar />
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
