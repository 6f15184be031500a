import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { PHOTO_HEIGHT } from './deck-card';

/**
 * The page heading (on phones only for screen readers: the bottom bar names the page, and the card needs
 * the room), then one row with what the deck is about (my dog, the demo note) and the counter.
 */
export function DeckHeader({
  aside,
  note,
  children,
}: {
  aside?: ReactNode;
  /** A line under the row. */
  note?: ReactNode;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <header className="mx-auto flex w-full max-w-4xl flex-col gap-3">
      <h1 className="max-md:sr-only md:text-headline md:font-extrabold">
        {intl.formatMessage({ id: 'matching.title' })}
      </h1>
      <div className="flex items-center justify-between gap-3">
        {children}
        {aside}
      </div>
      {note}
    </header>
  );
}

/** 'Še 5 psov' (or 'Še vsaj 30 psov' while more may follow), announced as it changes. */
export function RemainingCounter({ count, atLeast }: { count: number; atLeast: boolean }) {
  const intl = useIntl();
  return (
    <p
      aria-live="polite"
      className="shrink-0 rounded-pill bg-primary-soft px-3 py-1 text-label font-bold text-primary-strong tabular-nums"
    >
      {intl.formatMessage({ id: atLeast ? 'matching.remainingAtLeast' : 'matching.remaining' }, { count })}
    </p>
  );
}

/** The deck while it loads: the card's outline and the two buttons. */
export function DeckSkeleton({ header = true }: { header?: boolean }) {
  const intl = useIntl();
  return (
    <div role="status" className="flex flex-col gap-4 md:gap-6">
      <span className="sr-only">{intl.formatMessage({ id: 'matching.loading' })}</span>
      {header && (
        <div aria-hidden="true" className="mx-auto flex w-full max-w-4xl flex-col gap-3">
          <div className="h-10 w-48 animate-pulse rounded-control bg-muted max-md:hidden" />
          <div className="flex items-center justify-between gap-4">
            <div className="h-12 w-56 animate-pulse rounded-pill bg-muted" />
            <div className="h-7 w-24 animate-pulse rounded-pill bg-muted" />
          </div>
        </div>
      )}
      <div
        aria-hidden="true"
        className="mx-auto w-full max-w-4xl overflow-hidden rounded-card border border-border bg-surface shadow-card md:grid md:grid-cols-2"
      >
        <div className={clsx(PHOTO_HEIGHT, 'animate-pulse bg-muted md:h-[24rem]')} />
        <div className="flex flex-col gap-3 p-4 md:p-7">
          <div className="h-8 w-1/2 animate-pulse rounded-control bg-muted" />
          <div className="h-5 w-1/3 animate-pulse rounded-control bg-muted" />
          <div className="h-4 w-2/5 animate-pulse rounded-control bg-muted" />
          <div className="flex gap-2">
            <div className="h-6 w-16 animate-pulse rounded-pill bg-muted" />
            <div className="h-6 w-20 animate-pulse rounded-pill bg-muted" />
            <div className="h-6 w-14 animate-pulse rounded-pill bg-muted" />
          </div>
          <div className="h-4 w-full animate-pulse rounded-control bg-muted" />
          <div className="h-4 w-4/5 animate-pulse rounded-control bg-muted" />
        </div>
      </div>
      <div aria-hidden="true" className="mx-auto grid w-full max-w-md grid-cols-2 gap-3">
        <div className="h-14 animate-pulse rounded-pill bg-muted" />
        <div className="h-14 animate-pulse rounded-pill bg-muted" />
      </div>
    </div>
  );
}
