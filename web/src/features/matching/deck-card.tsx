import clsx from 'clsx';
import type { Handler } from '@use-gesture/react';
import { type CSSProperties, lazy, Suspense, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { type DragSample, releaseVelocity, type SwipeDecision, swipeDecision } from '#shared/domain/swipe';
import { LIMITS } from '#shared/limits';
import { DogSilhouette } from '../../components/dogs/dog-silhouette';
import { GenderBadge } from '../../components/dogs/gender-badge';
import { Avatar } from '../../components/profile/avatar';
import { DogSummary } from '../../components/dogs/dog-summary';
import { Navigation } from 'lucide-react';
import { photoSources } from '../../lib/photo-sources';
import { DECK_PHOTO_SIZES } from './photo-sizes';
import { DECK_TEXT_ROOM } from './deck-room';
import { distanceText } from './distance';
import type { DeckDog } from './types';

const CardDrag = lazy(() => import('./card-drag'));

/** A square's intrinsic size; the box's CSS sets the size shown. */
const SIDE = LIMITS.upload.widths.medium;
/** How long a card takes to fly off or spring back. */
export const CARD_MOTION_MS = 280;

/** The card's place in the stack. */
export type CardRole = 'top' | 'next';

interface DeckCardProps {
  dog: DeckDog;
  role: CardRole;
  /** Set while the card leaves: it flies to that side. */
  leaving: SwipeDecision | null;
  /** Cards follow the finger (phones only). */
  swipeable: boolean;
  /** A like or pass is in flight: gestures are ignored. */
  busy: boolean;
  reducedMotion: boolean;
  onSwipe: (decision: SwipeDecision) => void;
  onOpen: () => void;
}

/**
 * One dog of the deck: a big photo (which opens the details) and what matters at a glance. On phones the
 * card is as tall as its stack, the photo takes what the text leaves, and the text leaves out what the
 * card has no room for (deck-room.ts). There the top card follows a horizontal drag (vertical scrolling
 * stays the browser's) and is liked or passed when released past the threshold or flicked
 * (src/domain/swipe.ts); otherwise it springs back.
 */
export function DeckCard({
  dog,
  role,
  leaving,
  swipeable,
  busy,
  reducedMotion,
  onSwipe,
  onOpen,
}: DeckCardProps) {
  const intl = useIntl();
  const [drag, setDrag] = useState({ x: 0, active: false });
  const top = role === 'top';

  // The drag's recent positions, for its speed at release.
  const samples = useRef<DragSample[]>([]);

  const card = useRef<HTMLElement>(null);
  const onDrag: Handler<'drag'> = ({
    active,
    first,
    last,
    tap,
    movement: [mx, my],
    startTime,
    timeStamp,
  }) => {
    if (tap || busy || leaving) return;
    if (first) samples.current = [{ t: startTime, x: 0 }];
    samples.current.push({ t: timeStamp, x: mx });
    if (samples.current.length > 64) samples.current.splice(0, samples.current.length - 64);
    if (active) {
      setDrag({ x: mx, active: true });
      return;
    }
    if (!last) return;
    const vx = releaseVelocity(samples.current);
    // Back to the middle, unless the decision sends the card off (it flies from where the finger let go:
    // the transition starts from the position last shown).
    setDrag({ x: 0, active: false });
    const decision = swipeDecision({ dx: mx, dy: my, vx });
    if (decision) onSwipe(decision);
  };

  const side = leaving === 'like' ? 1 : -1;
  const transform = leaving
    ? `translateX(${side * 150}%) rotate(${reducedMotion ? 0 : side * 20}deg)`
    : drag.x === 0
      ? undefined
      : `translateX(${drag.x}px) rotate(${reducedMotion ? 0 : Math.max(-20, Math.min(20, drag.x / 18))}deg)`;
  const style: CSSProperties = top
    ? {
        transform,
        transition:
          drag.active || reducedMotion
            ? 'none'
            : `transform ${CARD_MOTION_MS}ms cubic-bezier(0.2, 0.8, 0.3, 1.1), opacity ${CARD_MOTION_MS}ms ease-out`,
        opacity: leaving && reducedMotion ? 0 : 1,
      }
    : {
        transform: 'translateY(0.75rem) scale(0.95)',
        transition: reducedMotion ? 'none' : `transform ${CARD_MOTION_MS}ms ease-out`,
      };
  // Fully shown from the distance at which letting go decides.
  const likeHint = leaving === 'like' ? 1 : clamp01(drag.x / LIMITS.swipe.distancePx);
  const passHint = leaving === 'pass' ? 1 : clamp01(-drag.x / LIMITS.swipe.distancePx);
  const photo = dog.photos[0];

  return (
    <article
      ref={card}
      inert={!top}
      aria-hidden={top ? undefined : true}
      aria-labelledby={top ? `deck-card-${dog.id}` : undefined}
      style={style}
      className={clsx(
        'relative col-start-1 row-start-1 flex flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card select-none max-md:min-h-0 md:grid md:grid-cols-2',
        top ? 'z-10 touch-pan-y' : 'pointer-events-none origin-bottom',
      )}
    >
      <div className="relative max-md:min-h-0 max-md:flex-1">
        <button
          type="button"
          onClick={onOpen}
          aria-label={intl.formatMessage({ id: 'matching.openDetails' }, { name: dog.name })}
          className="block size-full focus-visible:-outline-offset-4"
        >
          <span className="relative block h-full overflow-hidden bg-primary-soft md:min-h-[24rem]">
            {photo ? (
              <img
                {...photoSources(photo, DECK_PHOTO_SIZES)}
                alt={intl.formatMessage({ id: 'dog.photoAlt' }, { name: dog.name })}
                width={SIDE}
                height={SIDE}
                draggable={false}
                // The top card's photo is the page's largest paint; the one under it may wait its turn.
                loading={top ? 'eager' : 'lazy'}
                fetchPriority={top ? 'high' : 'low'}
                decoding="async"
                className="absolute inset-0 size-full object-cover"
              />
            ) : (
              <span className="absolute inset-0 flex items-end justify-center">
                <DogSilhouette className="h-4/5 w-4/5 text-primary/35" />
              </span>
            )}
          </span>
        </button>
        <GenderBadge gender={dog.gender} className="pointer-events-none absolute top-3 left-3 shadow-sm" />
        {dog.distance !== null && (
          <span className="pointer-events-none absolute top-3 right-3 inline-flex items-center gap-1 rounded-pill bg-surface/90 px-2.5 py-1 text-caption font-bold text-foreground shadow-sm">
            <Navigation aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{intl.formatMessage({ id: 'dog.distance' })}: </span>
            {distanceText(intl, dog.distance)}
          </span>
        )}
        <Stamp tone="like" opacity={likeHint} label={intl.formatMessage({ id: 'matching.stamp.like' })} />
        <Stamp tone="pass" opacity={passHint} label={intl.formatMessage({ id: 'matching.stamp.pass' })} />
      </div>
      <div
        className={clsx(
          'flex min-w-0 flex-col gap-2.5 p-4 md:flex-1 md:gap-3 md:p-7',
          DECK_TEXT_ROOM.overlay,
          DECK_TEXT_ROOM.text,
        )}
      >
        <DogSummary
          dog={dog}
          classNames={SUMMARY_ROOM}
          title={
            <h2
              id={`deck-card-${dog.id}`}
              className="min-w-0 text-title font-bold break-words max-md:truncate"
            >
              {dog.name}
            </h2>
          }
        />
        {/* Wide screens have the room: whose dog it is (the details show the owner on phones). */}
        <p className="mt-auto hidden items-center gap-3 border-t border-border pt-4 md:flex">
          <Avatar fullName={dog.owner.fullName} photo={dog.owner.photo} size="sm" />
          <span className="flex min-w-0 flex-col">
            <span className="text-caption text-muted-foreground">
              {intl.formatMessage({ id: 'dog.owner' })}
            </span>
            <span className="font-semibold break-words">{dog.owner.fullName}</span>
          </span>
        </p>
      </div>
      {top && swipeable && (
        <Suspense fallback={null}>
          <CardDrag target={card} onDrag={onDrag} />
        </Suspense>
      )}
    </article>
  );
}

/** Phones: one row of each kind of badge, two lines of the description, each only with room. */
const SUMMARY_ROOM = {
  place: DECK_TEXT_ROOM.place,
  traits: clsx(DECK_TEXT_ROOM.traits, 'max-md:max-h-[1.625rem] max-md:overflow-hidden'),
  facts: clsx(DECK_TEXT_ROOM.facts, 'max-md:max-h-[1.625rem] max-md:overflow-hidden'),
  description: clsx(DECK_TEXT_ROOM.description, 'line-clamp-2 md:line-clamp-none'),
};

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));

/** 'VŠEČ' / 'NAPREJ' stamped on the photo as the card is dragged towards a side. */
function Stamp({ tone, opacity, label }: { tone: 'like' | 'pass'; opacity: number; label: string }) {
  return (
    <span
      aria-hidden="true"
      style={{ opacity }}
      className={clsx(
        'pointer-events-none absolute top-14 rounded-control border-4 bg-surface/85 px-3 py-1 text-title font-extrabold tracking-wider',
        tone === 'like'
          ? 'left-4 -rotate-12 border-success text-success-strong'
          : 'right-4 rotate-12 border-danger text-danger-strong',
      )}
    >
      {label}
    </span>
  );
}
