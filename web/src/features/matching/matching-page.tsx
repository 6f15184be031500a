import { Dog as DogIcon, Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDogChanges } from '../../components/dogs/use-dog-changes';
import { MessagePanel } from '../../components/message-panel';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { useErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { DeckSkeleton } from './deck-parts';
import { DemoDeck } from './demo-deck';
import { DogPicker } from './dog-picker';
import { SignedInDeck } from './signed-in-deck';
import { useChosenDog } from './use-chosen-dog';
import { useT } from '../../lib/intl';

/** /ujemanja and /match: pick one of my dogs, then like or pass other owners' dogs (SPEC Matching). */
export default function MatchingPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <DeckSkeleton />;
  if (!user) return <DemoDeck />;
  return <Matching />;
}

function Matching() {
  const t = useT();
  const errorText = useErrorText();
  const dogs = trpc.dogs.mine.useQuery();
  useDogChanges(true);
  const [chosenId, choose] = useChosenDog();
  const [picking, setPicking] = useState(false);

  if (dogs.isPending) return <DeckSkeleton />;
  if (dogs.isError) {
    return (
      <Alert title={t('matching.loadError')}>
        <p>{errorText(dogs.error)}</p>
        <Button variant="outline" className="mt-2 self-start" onClick={() => void dogs.refetch()}>
          <RotateCcw aria-hidden="true" className="size-5" />
          {t('matching.retry')}
        </Button>
      </Alert>
    );
  }
  if (dogs.data.length === 0) {
    return (
      <MessagePanel
        icon={DogIcon}
        title={t('matching.noDogs.title')}
        actions={
          <Link to="/moji-psi" className={buttonClasses()}>
            <Plus aria-hidden="true" className="size-5" />
            {t('matching.noDogs.create')}
          </Link>
        }
      >
        <p>{t('matching.noDogs.text')}</p>
      </MessagePanel>
    );
  }

  // With one dog there is nothing to pick.
  const only = dogs.data.length === 1 ? dogs.data[0] : undefined;
  const chosen = dogs.data.find((dog) => dog.id === chosenId) ?? only;
  if (!chosen || picking) {
    return (
      <DogPicker
        dogs={dogs.data}
        currentId={chosen?.id ?? null}
        onPick={(id) => {
          choose(id);
          setPicking(false);
          window.scrollTo({ top: 0 });
        }}
        onBack={chosen ? () => setPicking(false) : undefined}
      />
    );
  }
  return (
    <SignedInDeck key={chosen.id} myDog={chosen} onSwitchDog={only ? undefined : () => setPicking(true)} />
  );
}
