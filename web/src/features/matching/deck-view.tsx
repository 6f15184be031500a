import clsx from 'clsx';
import { Heart, X } from 'lucide-react';
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { SwipeDecision } from '#shared/domain/swipe';
import { CARD_MOTION_MS, type CardRole, DeckCard } from './deck-card';
import { DECK_TEXT_ROOM } from './deck-room';
import type { DeckDog } from './types';
import { useNarrowScreen, useReducedMotion } from './use-media-query';
import { useT } from '../../lib/intl';

/** What to do once the card has gone (it stays when there is nothing to do). */
export type AfterDecision = (() => void) | null;

interface DeckViewProps {
  /** The dogs still to see; the first is on top. */
  dogs: readonly DeckDog[];
  /** Sends the like or pass; resolves once it is done. */
  onDecide: (dog: DeckDog, decision: SwipeDecision) => Promise<AfterDecision>;
  /** Whether a decided card flies off (the demo leads to sign-in instead). */
  flyOut: boolean;
  onOpen: (dog: DeckDog) => void;
  /** The arrow keys are off while a dialog is open above the deck. */
  keysEnabled: boolean;
  /** Under the buttons: how many dogs are left. */
  status?: ReactNode;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Elements where the arrow keys belong to the element (text, choices, menus, sliders, dialogs). */
const KEY_OWNERS = [
  'input',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  ...['dialog', 'menu', 'menubar', 'listbox', 'tablist', 'radiogroup', 'slider'].map(
    (role) => `[role="${role}"]`,
  ),
].join(', ');

/**
 * The stack of cards (the next one peeks from behind) with Pass and Like below; ArrowLeft passes and
 * ArrowRight likes. One decision at a time: while one is in flight the buttons are disabled and
 * gestures and keys are ignored. On phones the stack takes the height its screen leaves (deck-parts.tsx).
 */
export function DeckView({ dogs, onDecide, flyOut, onOpen, keysEnabled, status }: DeckViewProps) {
  const t = useT();
  const narrow = useNarrowScreen();
  const reducedMotion = useReducedMotion();
  const [processing, setProcessing] = useState(false);
  const [leaving, setLeaving] = useState<SwipeDecision | null>(null);
  // Guards against a second decision in the same moment (a double tap before the re-render).
  const busy = useRef(false);
  const top = dogs[0];

  async function decide(decision: SwipeDecision) {
    if (!top || busy.current) return;
    busy.current = true;
    setProcessing(true);
    if (flyOut) setLeaving(decision);
    const [after] = await Promise.all([
      onDecide(top, decision),
      flyOut && !reducedMotion ? wait(CARD_MOTION_MS) : undefined,
    ]);
    busy.current = false;
    setProcessing(false);
    setLeaving(null);
    after?.();
  }

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const decision = event.key === 'ArrowRight' ? 'like' : event.key === 'ArrowLeft' ? 'pass' : null;
    if (!decision || !keysEnabled || event.defaultPrevented || event.repeat) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(KEY_OWNERS)) return;
    event.preventDefault();
    void decide(decision);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const cards: [DeckDog, CardRole][] = dogs.slice(0, 2).map((dog, index) => [dog, index ? 'next' : 'top']);
  const disabled = processing || !top;
  return (
    <div className="flex flex-col gap-4 max-md:min-h-0 max-md:flex-1 max-md:gap-2">
      {/* Clipped at the screen's edges, so a card flying off adds no scrollbar; the padding shows the next card. */}
      <div className="-mx-4 overflow-x-clip px-4 pb-3 max-md:flex max-md:min-h-0 max-md:flex-1 max-md:flex-col">
        {/* Phones: the size container `card` (deck-room.ts), one row as tall as the screen leaves. */}
        <div className="mx-auto grid w-full max-w-4xl max-md:min-h-0 max-md:flex-1 max-md:grid-rows-1 max-md:[container:card/size]">
          {/* The next card first, so the top one is above it; keys keep each card's element as it moves up. */}
          {[...cards].reverse().map(([dog, role]) => (
            <DeckCard
              key={dog.id}
              dog={dog}
              role={role}
              leaving={role === 'top' ? leaving : null}
              swipeable={narrow}
              busy={processing}
              reducedMotion={reducedMotion}
              onSwipe={(decision) => void decide(decision)}
              onOpen={() => onOpen(dog)}
            />
          ))}
        </div>
      </div>
      {/*
       * Each as wide as its words and half of what is left; in a row narrower than 21rem (a phone under
       * 375 px) the icons go above the words, so 'Überspringen' and 'Všeč mi je' keep one line.
       */}
      <div className="@container mx-auto w-full max-w-md shrink-0">
        <div className="flex gap-2 sm:gap-3">
          <ActionButton tone="pass" disabled={disabled} onClick={() => void decide('pass')}>
            <X aria-hidden="true" className="size-6" strokeWidth={2.5} />
            {t('matching.pass')}
          </ActionButton>
          <ActionButton tone="like" disabled={disabled} onClick={() => void decide('like')}>
            <Heart aria-hidden="true" className="size-6" fill="currentColor" />
            {t('matching.like')}
          </ActionButton>
        </div>
      </div>
      <div className={clsx('flex shrink-0 flex-col items-center gap-1 text-center', DECK_TEXT_ROOM.status)}>
        {status}
        {/* By the stylesheet (md is the mobile breakpoint), not by `narrow`: a page rendered on the server
            shows the phone's hint from its first paint. */}
        <p className={clsx('text-caption text-muted-foreground', DECK_TEXT_ROOM.hint)}>
          <span className="md:hidden">{t('matching.swipeHint')}</span>
          <span className="max-md:hidden">{t('matching.keyboardHint')}</span>
        </p>
      </div>
    </div>
  );
}

/**
 * Pass or Like. Disabled with aria-disabled rather than `disabled`, so a keyboard user's focus stays on the
 * button while the decision is in flight.
 */
function ActionButton({
  tone,
  disabled,
  onClick,
  children,
}: {
  tone: 'like' | 'pass';
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-disabled={disabled || undefined}
      onClick={() => !disabled && onClick()}
      className={clsx(
        // Phones: a size smaller, so "Všeč mi je" and "Überspringen" keep one line on a small screen.
        'inline-flex min-h-14 flex-auto items-center justify-center gap-1.5 rounded-pill px-3 text-body leading-tight font-bold text-balance shadow-card transition-colors @max-[21rem]:flex-col @max-[21rem]:gap-0.5 sm:gap-2 sm:px-4 sm:text-lead [&_svg]:shrink-0',
        'aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
        tone === 'like'
          ? 'bg-primary text-primary-foreground hover:bg-primary-hover'
          : 'border-2 border-danger/40 bg-surface text-danger-strong hover:bg-danger-soft',
      )}
    >
      {children}
    </button>
  );
}
