import { lazyDialog } from '../../components/ui/dialog';
import clsx from 'clsx';
import { ArrowLeftRight, Heart, RotateCcw, SearchCheck, SlidersHorizontal, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_DECK_FILTERS, activeFilters } from '#shared/domain/deck-filters';
import { widerRadius } from '#shared/domain/distance';
import { LIMITS } from '#shared/limits';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { SwipeDecision } from '#shared/domain/swipe';
import { DogDetailsDialog, UserProfileDialog } from '../../components/lazy-dialogs';
import { DogPhoto } from '../../components/dogs/dog-photo';
import type { Dog } from '../../components/dogs/types';
import { MessagePanel } from '../../components/message-panel';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { appErrorOf, useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DeckHeader, DeckScreen, DeckSkeleton, RemainingCounter } from './deck-parts';
import { type AfterDecision, DeckView } from './deck-view';
import type { Match } from '../../components/match-dialog';
import { useSaveFilters } from './api';
import { distanceText, radiusText } from './distance';
import { ownerCardOf } from './owner-place';
import type { DeckDog, LikeOutcome } from './types';

const FiltersDialog = lazyDialog(
  () => import('./filters-dialog').then((module) => module.FiltersDialog),
  ({ open }) => open,
);

const MatchDialog = lazyDialog(
  () => import('../../components/match-dialog').then((module) => module.MatchDialog),
  ({ match }) => match !== null,
);

const LikedDialog = lazyDialog(
  () => import('./liked-dialog').then((module) => module.LikedDialog),
  ({ open }) => open,
);

/** Dogs asked for at once; when they run out, the next ones are asked for (the server walks on). */
const BATCH = LIMITS.deck.batchSize;

interface SignedInDeckProps {
  myDog: Dog;
  /** Absent with one dog: nothing to switch to. */
  onSwitchDog?: () => void;
}

/**
 * Other owners' dogs, one at a time, nearest first, liked or passed in `myDog`'s name; filters, undo of the
 * last passes, and the dogs I liked (issue 20).
 */
export function SignedInDeck({ myDog, onSwitchDog }: SignedInDeckProps) {
  const t = useT();
  const [locale] = useLocale();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const intl = useIntl();
  const deck = trpc.dogs.deck.useQuery(
    { fromDogId: myDog.id, limit: BATCH },
    // The server keeps the order; a refetch only happens when the local cards run out or filters change.
    { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  const savedFilters = trpc.dogs.deckFilters.useQuery(undefined, { staleTime: Infinity });
  const filters = savedFilters.data ?? DEFAULT_DECK_FILTERS;
  const like = trpc.likes.like.useMutation();
  const pass = trpc.likes.pass.useMutation();
  const undo = trpc.likes.undoPass.useMutation();
  const [handled, setHandled] = useState<ReadonlySet<string>>(() => new Set());
  // Cards an undo gave back, the last one on top.
  const [restored, setRestored] = useState<readonly DeckDog[]>([]);
  // Passes made in this visit: what Undo can take back.
  const [passes, setPasses] = useState(0);
  const [details, setDetails] = useState<DeckDog | null>(null);
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [match, setMatch] = useState<Match | null>(null);
  const [dialog, setDialog] = useState<'filters' | 'liked' | null>(null);

  const restoredIds = new Set(restored.map((dog) => dog.id));
  const remaining = [
    ...restored,
    ...(deck.data?.filter((dog) => !handled.has(dog.id) && !restoredIds.has(dog.id)) ?? []),
  ];
  // A full batch means more dogs may wait on the server.
  const more = deck.data?.length === BATCH;

  const advance = (dog: DeckDog) => {
    setHandled((previous) => new Set(previous).add(dog.id));
    setRestored((previous) => previous.filter((other) => other.id !== dog.id));
    if (more && remaining.every((other) => other.id === dog.id)) void deck.refetch();
  };

  /** Back to the server's deck (after new filters, a refresh): what it answers is all still to see. */
  const restart = () => {
    setHandled(new Set());
    setRestored([]);
  };
  const saveFilters = useSaveFilters({
    onSaved: restart,
    onError: (error) => toast.error(t('matching.filters.saveError'), { description: errorText(error) }),
  });

  const undoPass = async () => {
    try {
      const dog = await undo.mutateAsync({ fromDogId: myDog.id });
      setPasses((count) => Math.max(0, count - 1));
      if (!dog) return;
      setHandled((previous) => {
        const next = new Set(previous);
        next.delete(dog.id);
        return next;
      });
      setRestored((previous) => [dog, ...previous.filter((other) => other.id !== dog.id)]);
    } catch (error) {
      if (appErrorOf(error)?.appCode === 'NOTHING_TO_UNDO') setPasses(0);
      toast.error(t('matching.undo.error'), { description: errorText(error) });
    }
  };

  const showOutcome = (result: LikeOutcome, dog: DeckDog) => {
    const name = { name: dog.name };
    switch (result.outcome) {
      case 'requested':
        toast.success(t('matching.toast.requested.title'), {
          description: t('matching.toast.requested.text', name),
        });
        break;
      case 'already_sent':
        toast.success(t('matching.toast.alreadySent.title'), {
          description: t('matching.toast.alreadySent.text', name),
        });
        break;
      case 'cooldown':
        toast.error(t('matching.toast.cooldown.title'), {
          description: t('matching.toast.cooldown.text', { minutes: result.minutesLeft }),
        });
        break;
      case 'message_sent':
        toast.success(t('matching.toast.messageSent.title'), {
          description: t('matching.toast.messageSent.text', name),
        });
        break;
      case 'match':
        setMatch({
          myDog: { name: myDog.name, photo: myDog.photos[0] },
          theirDog: { name: dog.name, photo: dog.photos[0] },
          chatId: result.chatId,
          owner: dog.owner.fullName,
        });
        void utils.profiles.stats.invalidate();
        break;
    }
  };

  const decide = async (dog: DeckDog, decision: SwipeDecision): Promise<AfterDecision> => {
    const input = { fromDogId: myDog.id, dogId: dog.id };
    try {
      if (decision === 'pass') {
        await pass.mutateAsync(input);
        return () => {
          advance(dog);
          setPasses((count) => count + 1);
        };
      }
      const result = await like.mutateAsync(input);
      return () => {
        advance(dog);
        showOutcome(result, dog);
      };
    } catch (error) {
      if (appErrorOf(error)?.appCode === 'UNAUTHENTICATED') {
        toast.error(t('matching.toast.signIn.title'), { description: t('matching.toast.signIn.text') });
        void navigate('/auth');
      } else {
        toast.error(t('matching.toast.error.title'), { description: t('matching.toast.error.text') });
      }
      return null;
    }
  };

  const loadingMore = remaining.length === 0 && more && deck.isFetching;
  const counter = deck.data && remaining.length > 0 && (
    <RemainingCounter count={remaining.length} atLeast={more} />
  );

  const narrowed = activeFilters(filters);
  const wider = widerRadius(filters.radiusKm);
  // Phones: icons only (their words stay for screen readers), so my dog's name has the rest of the row.
  const tools = (
    <div className="flex shrink-0 items-center gap-1 sm:gap-2">
      <Button
        variant="outline"
        className="relative max-sm:w-11 max-sm:px-0"
        onClick={() => setDialog('filters')}
      >
        <SlidersHorizontal aria-hidden="true" className="size-5" />
        <span className="max-sm:sr-only">{t('matching.filters.button')}</span>
        <span className="rounded-pill bg-primary-soft px-2 text-caption font-bold whitespace-nowrap text-primary-strong max-sm:sr-only">
          {radiusText(intl, filters.radiusKm)}
          {narrowed > 0 && ` · +${narrowed}`}
        </span>
        {narrowed > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-pill bg-primary px-1 text-caption leading-5 font-bold text-primary-foreground sm:hidden"
          >
            {narrowed}
          </span>
        )}
      </Button>
      <Button variant="outline" className="max-sm:w-11 max-sm:px-0" onClick={() => setDialog('liked')}>
        <Heart aria-hidden="true" className="size-5" />
        <span className="max-sm:sr-only">{t('matching.liked.button')}</span>
      </Button>
      <Button
        variant="ghost"
        className="max-sm:w-11 max-sm:px-0"
        disabled={passes === 0 || undo.isPending}
        aria-busy={undo.isPending || undefined}
        onClick={() => void undoPass()}
      >
        {undo.isPending ? <Spinner className="size-5" /> : <Undo2 aria-hidden="true" className="size-5" />}
        <span className="max-sm:sr-only">{t('matching.undo.button')}</span>
      </Button>
    </div>
  );
  const showingCards = deck.isPending || loadingMore || (!deck.isError && remaining.length > 0);

  return (
    <DeckScreen fill={showingCards}>
      <DeckHeader aside={tools}>
        <MyDogChip dog={myDog} onSwitch={onSwitchDog} />
      </DeckHeader>

      {deck.isPending || loadingMore ? (
        <DeckSkeleton header={false} />
      ) : deck.isError ? (
        <Alert title={t('matching.loadError')} className="mx-auto w-full max-w-4xl">
          <p>{errorText(deck.error)}</p>
          <Button variant="outline" className="mt-2 self-start" onClick={() => void deck.refetch()}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('matching.retry')}
          </Button>
        </Alert>
      ) : remaining.length === 0 && wider !== undefined && filters.radiusKm !== null ? (
        <MessagePanel
          icon={SearchCheck}
          tone="accent"
          title={t('matching.widen.title', { radius: radiusText(intl, filters.radiusKm) })}
          actions={
            <>
              <Button
                loading={saveFilters.isPending}
                onClick={() => saveFilters.mutate({ ...filters, radiusKm: wider })}
              >
                {t('matching.widen.button', { radius: radiusText(intl, wider) })}
              </Button>
              <Button variant="outline" onClick={() => setDialog('filters')}>
                <SlidersHorizontal aria-hidden="true" className="size-5" />
                {t('matching.filters.button')}
              </Button>
            </>
          }
        >
          <p>{t('matching.widen.text', { radius: radiusText(intl, wider) })}</p>
        </MessagePanel>
      ) : remaining.length === 0 ? (
        <MessagePanel
          icon={SearchCheck}
          tone="accent"
          title={t('matching.empty.title')}
          actions={
            <>
              <Button
                onClick={() => {
                  restart();
                  void deck.refetch();
                }}
              >
                <RotateCcw aria-hidden="true" className="size-5" />
                {t('matching.empty.refresh')}
              </Button>
              {onSwitchDog && (
                <Button variant="outline" onClick={onSwitchDog}>
                  <ArrowLeftRight aria-hidden="true" className="size-5" />
                  {t('matching.switchDog')}
                </Button>
              )}
            </>
          }
        >
          <p>{t('matching.empty.text')}</p>
        </MessagePanel>
      ) : (
        <DeckView
          dogs={remaining}
          onDecide={decide}
          flyOut
          onOpen={setDetails}
          keysEnabled={!details && !ownerId && !match}
          status={counter}
        />
      )}

      <DogDetailsDialog
        dog={details}
        onOpenChange={(open) => !open && setDetails(null)}
        owner={ownerCardOf(details, locale)}
        distance={details?.distance != null ? distanceText(intl, details.distance) : undefined}
        onOwnerClick={details ? () => setOwnerId(details.owner.userId) : undefined}
      />
      <UserProfileDialog
        userId={ownerId}
        open={ownerId !== null}
        onOpenChange={(open) => !open && setOwnerId(null)}
      />
      <MatchDialog match={match} onClose={() => setMatch(null)} />
      <FiltersDialog
        open={dialog === 'filters'}
        onOpenChange={(open) => setDialog(open ? 'filters' : null)}
        filters={filters}
        onSaved={restart}
      />
      <LikedDialog
        open={dialog === 'liked'}
        onOpenChange={(open) => setDialog(open ? 'liked' : null)}
        onWithdrawn={(dogId) => setHandled((previous) => new Set([...previous].filter((id) => id !== dogId)))}
      />
    </DeckScreen>
  );
}

/**
 * The dog I am swiping as; pressing it goes back to the choice of dog. The name may take two lines; on
 * phones "Zamenjaj psa" gives it the room (kept for screen readers) and a mark on the photo says it instead.
 */
function MyDogChip({ dog, onSwitch }: { dog: Dog; onSwitch: (() => void) | undefined }) {
  const intl = useIntl();
  const photo = (
    <DogPhoto photo={dog.photos[0]} alt="" sizes="40px" className="size-10 shrink-0 rounded-pill" />
  );
  const name = <span className="line-clamp-2 font-bold break-words">{dog.name}</span>;
  const chip =
    'flex min-h-12 min-w-0 items-center gap-2.5 rounded-pill border border-border bg-surface p-1 pr-4 shadow-card leading-tight';
  if (!onSwitch)
    return (
      <span className={chip}>
        {photo}
        {name}
      </span>
    );
  return (
    <button
      type="button"
      onClick={onSwitch}
      className={clsx(chip, 'text-left transition-colors hover:bg-muted')}
    >
      <span className="relative shrink-0">
        {photo}
        <span
          aria-hidden="true"
          className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-pill bg-surface text-primary-strong ring-1 ring-border sm:hidden"
        >
          <ArrowLeftRight className="size-3" />
        </span>
      </span>
      <span className="flex min-w-0 flex-col">
        {name}
        <span className="flex items-center gap-1 text-caption font-semibold text-primary-strong max-sm:sr-only">
          <ArrowLeftRight aria-hidden="true" className="size-3.5 shrink-0" />
          {intl.formatMessage({ id: 'matching.switchDog' })}
        </span>
      </span>
    </button>
  );
}
