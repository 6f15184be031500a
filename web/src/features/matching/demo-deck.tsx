import clsx from 'clsx';
import { Info, LogIn, PawPrint, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DogDetailsDialog } from '../../components/lazy-dialogs';
import { MessagePanel } from '../../components/message-panel';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DeckHeader, DeckScreen, DeckSkeleton, RemainingCounter } from './deck-parts';
import { DECK_TEXT_ROOM } from './deck-room';
import { type AfterDecision, DeckView } from './deck-view';
import { ownerCardOf } from './owner-place';
import type { DeckDog } from './types';

/**
 * Demo mode for signed-out visitors (DECISIONS 12): the seeded demo dogs, browsable like the real deck;
 * a like or pass asks them to sign in.
 */
export function DemoDeck() {
  const t = useT();
  const [locale] = useLocale();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const deck = trpc.dogs.demoDeck.useQuery(undefined, { staleTime: 5 * 60_000 });
  const [details, setDetails] = useState<DeckDog | null>(null);

  const decide = async (): Promise<AfterDecision> => {
    toast.error(t('matching.toast.signIn.title'), { description: t('matching.toast.signIn.text') });
    await navigate('/auth');
    return null;
  };

  if (deck.isPending) return <DeckSkeleton />;
  if (deck.isError) {
    return (
      <Alert title={t('matching.loadError')} className="mx-auto w-full max-w-4xl">
        <p>{errorText(deck.error)}</p>
      </Alert>
    );
  }
  if (deck.data.length === 0) {
    return (
      <MessagePanel
        icon={PawPrint}
        title={t('matching.demo.empty.title')}
        actions={
          <>
            <Link to="/auth?tab=signUp" className={buttonClasses()}>
              <UserPlus aria-hidden="true" className="size-5" />
              {t('matching.demo.empty.signUp')}
            </Link>
            <Link to="/auth" className={buttonClasses({ variant: 'outline' })}>
              <LogIn aria-hidden="true" className="size-5" />
              {t('matching.demo.signIn')}
            </Link>
          </>
        }
      >
        <p>{t('matching.demo.empty.text')}</p>
      </MessagePanel>
    );
  }

  return (
    <DeckScreen fill>
      <DeckHeader
        aside={
          <Link to="/auth" className={buttonClasses({ variant: 'outline' }, 'shrink-0')}>
            <LogIn aria-hidden="true" className="size-5" />
            {t('matching.demo.signIn')}
          </Link>
        }
        note={
          <p className={clsx('text-label text-muted-foreground', DECK_TEXT_ROOM.demoNote)}>
            {t('matching.demo.text')}
          </p>
        }
      >
        <span className="inline-flex items-center gap-1.5 rounded-pill bg-accent px-3 py-1 text-label font-bold text-accent-foreground">
          <Info aria-hidden="true" className="size-4" />
          {t('matching.demo.badge')}
        </span>
      </DeckHeader>
      <DeckView
        dogs={deck.data}
        onDecide={decide}
        flyOut={false}
        onOpen={setDetails}
        keysEnabled={!details}
        status={<RemainingCounter count={deck.data.length} atLeast={false} />}
      />
      <DogDetailsDialog
        dog={details}
        onOpenChange={(open) => !open && setDetails(null)}
        owner={ownerCardOf(details, locale)}
      />
    </DeckScreen>
  );
}
