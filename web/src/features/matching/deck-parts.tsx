import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * The deck's screen. Phones (`fill`): exactly the height the screen leaves between the top bar (4rem and its
 * border) and the bottom bar (4rem, its border and the safe area), less the terms notice while it shows
 * under the top bar (--terms-banner-height, features/terms) and a 0.75rem gap at each end; the photo takes
 * what its neighbours leave, so Pass and Like show without scrolling on every phone. It is the size
 * container `deck` for the parts that show only with room (deck-room.ts). Wide screens size by content.
 * Below the notice at every size, so it never hides the deck's top.
 */
export function DeckScreen({ fill, children }: { fill: boolean; children: ReactNode }) {
  return (
    <div
      className={clsx(
        'flex flex-col gap-4 md:mt-[var(--terms-banner-height,0px)]',
        fill
          ? 'max-md:mt-[calc(var(--terms-banner-height,0px)-0.75rem)] max-md:h-[max(13rem,calc(100dvh-9.5rem-2px-env(safe-area-inset-bottom)-var(--terms-banner-height,0px)))] max-md:gap-2 max-md:[container:deck/size]'
          : 'max-md:mt-[var(--terms-banner-height,0px)]',
      )}
    >
      {children}
    </div>
  );
}

/**
 * The page heading (on phones only for screen readers: the bottom bar names the page, and the card needs
 * the room), then one row with what the deck is about (my dog, the demo badge) and its tools.
 */
export function DeckHeader({
  aside,
  note,
  children,
}: {
  aside?: ReactNode;
  note?: ReactNode;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <header className="mx-auto flex w-full max-w-4xl shrink-0 flex-col gap-3 max-md:gap-2">
      <h1 className="max-md:sr-only md:text-headline md:font-extrabold">
        {intl.formatMessage({ id: 'matching.title' })}
      </h1>
      {/* A note goes under the row on phones, between its ends on wide screens. */}
      <div className={clsx('flex items-center justify-between gap-2 sm:gap-3', note && 'flex-wrap')}>
        {children}
        {note && <div className="max-md:order-last max-md:basis-full md:min-w-0 md:flex-1">{note}</div>}
        {aside}
      </div>
    </header>
  );
}

/**
 * 'Še 5 psov' (or 'Še vsaj 30 psov' while more may follow), announced as it changes. A short phone screen
 * keeps it for screen readers only: the photo needs the line (DeckView's status row).
 */
export function RemainingCounter({ count, atLeast }: { count: number; atLeast: boolean }) {
  const intl = useIntl();
  return (
    <p aria-live="polite">
      <span className="inline-block rounded-pill bg-primary-soft px-3 py-0.5 text-label font-bold text-primary-strong tabular-nums">
        {intl.formatMessage({ id: atLeast ? 'matching.remainingAtLeast' : 'matching.remaining' }, { count })}
      </span>
    </p>
  );
}

/**
 * The deck while it loads: the header row (unless the page shows its own), the card's outline and the two
 * buttons, laid out as the deck will be.
 */
export function DeckSkeleton({ header = true }: { header?: boolean }) {
  const intl = useIntl();
  const body = (
    <div role="status" className="flex flex-col gap-4 max-md:min-h-0 max-md:flex-1 max-md:gap-2">
      <span className="sr-only">{intl.formatMessage({ id: 'matching.loading' })}</span>
      <div
        aria-hidden="true"
        className="mx-auto flex w-full max-w-4xl flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card max-md:mb-3 max-md:min-h-0 max-md:flex-1 md:grid md:grid-cols-2"
      >
        <div className="animate-pulse bg-muted max-md:min-h-0 max-md:flex-1 md:h-[24rem]" />
        <div className="flex flex-col gap-3 p-4 md:p-7">
          <div className="h-8 w-1/2 animate-pulse rounded-control bg-muted" />
          <div className="h-5 w-1/3 animate-pulse rounded-control bg-muted" />
          <div className="h-4 w-2/5 animate-pulse rounded-control bg-muted" />
        </div>
      </div>
      <div aria-hidden="true" className="mx-auto grid w-full max-w-md shrink-0 grid-cols-2 gap-3">
        <div className="h-14 animate-pulse rounded-pill bg-muted" />
        <div className="h-14 animate-pulse rounded-pill bg-muted" />
      </div>
    </div>
  );
  if (!header) return body;
  return (
    <DeckScreen fill>
      <div aria-hidden="true" className="mx-auto flex w-full max-w-4xl shrink-0 flex-col gap-3">
        <div className="h-10 w-48 animate-pulse rounded-control bg-muted max-md:hidden" />
        <div className="flex items-center justify-between gap-4">
          <div className="h-12 w-44 animate-pulse rounded-pill bg-muted" />
          <div className="h-11 w-36 animate-pulse rounded-control bg-muted" />
        </div>
      </div>
      {body}
    </DeckScreen>
  );
}
