import clsx from 'clsx';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { AfterHydration } from '../../lib/hydration';
import { useSession } from '../../lib/session';
import { isCurrent, mobileNav } from './nav-items';
import { ChatUnreadBadge } from './signed-in';

/** Phones: five items fixed at the bottom, in thumb reach. */
export function BottomNav() {
  const intl = useIntl();
  const { user, isLoading } = useSession();
  const { pathname } = useLocation();
  // Before the session is known (the prerendered page, a slow phone): the four items every visitor has, in
  // the places they keep, with a member's addresses (a visitor there is asked to sign in); the fifth, sign-in
  // or profile, waits for the answer.
  const items = isLoading ? mobileNav(true).slice(0, 4) : mobileNav(Boolean(user));
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'nav.label' })}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] shadow-bar md:hidden"
    >
      <ul className="grid h-16 grid-cols-5">
        {items.map((item) => {
          const { to, label, icon: Icon, highlight = true, chatBadge } = item;
          const active = highlight && isCurrent(item, pathname);
          return (
            <li key={label} className="flex">
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={clsx(
                  'group relative flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 font-semibold',
                  active ? 'text-primary-strong' : 'text-muted-foreground',
                )}
              >
                <span
                  className={clsx(
                    'flex h-7 w-12 items-center justify-center rounded-pill transition-colors',
                    active && 'bg-primary-soft',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {/*
                 * A fifth of the screen: smaller type the narrower it is, so German's "Entdecken" fits
                 * 64 px at 320 px; a label that still does not fit ends in "…" rather than running into
                 * its neighbours.
                 */}
                <span className="max-w-full truncate text-[0.6875rem]/4 tracking-tight min-[360px]:px-0.5 min-[390px]:text-xs min-[390px]:tracking-normal min-[430px]:text-caption">
                  {intl.formatMessage({ id: label })}
                </span>
                {/* After the label, so the link reads "Klepet, 2 …"; drawn on the icon's corner. */}
                {chatBadge && user && (
                  <AfterHydration>
                    <ChatUnreadBadge className="absolute top-1 left-1/2 ml-1.5 ring-2 ring-surface" />
                  </AfterHydration>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
