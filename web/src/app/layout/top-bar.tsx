import clsx from 'clsx';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { AfterHydration } from '../../lib/hydration';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import { LanguageSwitcher } from './language-switcher';
import { desktopNav, isCurrent } from './nav-items';
import { ChatUnreadBadge, NotificationsBell } from './signed-in';

/**
 * Logo, links (desktop only; phones use the bottom bar), the requests bell, language and sign-out. The links
 * are words only: with icons, German's longer names would not fit the bar.
 */
export function TopBar() {
  const intl = useIntl();
  const { user, isLoading } = useSession();
  const { signOut, isPending } = useSignOut();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      {/*
       * The buttons on the right are the bar's own items, with no box around them: such a box would move
       * (a layout shift) as a member's buttons appear in it when the session arrives. The first of them
       * takes the free space; the language menu stays last, where it was.
       */}
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 [&>:nth-child(2)]:ml-auto">
        <div className="flex items-center gap-2 lg:gap-4">
          <Logo />
          {!isLoading && (
            <nav
              aria-label={intl.formatMessage({ id: 'nav.label' })}
              className="hidden items-center gap-1 md:flex"
            >
              {desktopNav(Boolean(user)).map((item) => {
                const { to, label, chatBadge } = item;
                const active = isCurrent(item, pathname);
                return (
                  <Link
                    key={to}
                    to={to}
                    aria-current={active ? 'page' : undefined}
                    className={clsx(
                      'inline-flex min-h-11 items-center gap-2 rounded-control px-2 text-label font-semibold whitespace-nowrap transition-colors lg:px-3 lg:text-body',
                      active
                        ? 'bg-primary-soft text-primary-strong'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )}
                  >
                    {intl.formatMessage({ id: label })}
                    {chatBadge && user && (
                      <AfterHydration>
                        <ChatUnreadBadge />
                      </AfterHydration>
                    )}
                  </Link>
                );
              })}
            </nav>
          )}
        </div>
        {user?.role === 'admin' && (
          <Link
            to="/admin"
            aria-label={intl.formatMessage({ id: 'admin.title' })}
            aria-current={pathname.startsWith('/admin') ? 'page' : undefined}
            className="inline-flex size-11 items-center justify-center rounded-control text-foreground hover:bg-muted aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-strong"
          >
            <ShieldCheck aria-hidden="true" className="size-5" />
          </Link>
        )}
        {user && (
          <AfterHydration fallback={<span className="size-11" />}>
            <NotificationsBell />
          </AfterHydration>
        )}
        {user && (
          <Button variant="ghost" size="iconText" onClick={signOut} disabled={isPending}>
            <LogOut aria-hidden="true" className="size-5" />
            <span className="sr-only xl:not-sr-only">{intl.formatMessage({ id: 'nav.signOut' })}</span>
          </Button>
        )}
        <LanguageSwitcher />
      </div>
    </header>
  );
}
