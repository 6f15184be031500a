import { lazyDialog } from '../../components/ui/dialog';
import { Dog as DogIcon, Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DogDetailsDialog } from '../../components/lazy-dialogs';
import { DogSilhouette } from '../../components/dogs/dog-silhouette';
import type { Dog } from '../../components/dogs/types';
import { useDogChanges } from '../../components/dogs/use-dog-changes';
import { SignInRequired } from '../../components/sign-in-required';
import { profilePlace } from '../../components/profile/avatar';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DogCard } from './dog-card';
import { DeleteDogDialog } from './delete-dog-dialog';
import { useRemoveDog } from './api';

const DogFormDialog = lazyDialog(
  () => import('./dog-form-dialog').then((module) => module.DogFormDialog),
  ({ open }) => open,
);

/** /dogs and /moji-psi: my dogs as cards, with add, edit, delete and details (SPEC Dog management). */
export default function DogsPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInRequired icon={DogIcon} messages="dogs.signedOut" />;
  return <MyDogs signupDogName={user.signupDogName} />;
}

/** The form dialog: whether it is open, and the dog it edits (null: a new dog). */
interface FormState {
  open: boolean;
  dog: Dog | null;
}

function MyDogs({ signupDogName }: { signupDogName: string | null }) {
  const t = useT();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const dogs = trpc.dogs.mine.useQuery();
  useDogChanges(true);
  const [form, setForm] = useState<FormState>({ open: false, dog: null });
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Dog | null>(null);
  const details = dogs.data?.find((dog) => dog.id === detailsId) ?? null;
  const me = trpc.profiles.me.useQuery(undefined, { enabled: details !== null });

  const remove = useRemoveDog({
    onSuccess: () => {
      setDeleting(null);
      toast.success(t('dogs.toast.deleted'));
    },
    onError: (error) => toast.error(t('dogs.toast.deleteError'), { description: errorText(error) }),
  });

  const add = () => setForm({ open: true, dog: null });
  const list = dogs.data;

  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-headline font-extrabold">{t('dogs.title')}</h1>
          <p className="mt-1 text-lead text-muted-foreground">{t('dogs.subtitle')}</p>
        </div>
        {list && list.length > 0 && (
          <Button onClick={add} className="w-full sm:w-auto">
            <Plus aria-hidden="true" className="size-5" />
            {t('dogs.add')}
          </Button>
        )}
      </header>

      {dogs.isPending ? (
        <CardSkeletons />
      ) : dogs.isError && !list ? (
        <Alert title={t('dogs.loadError')}>
          <p>{errorText(dogs.error)}</p>
          <Button variant="outline" className="mt-2 self-start" onClick={() => void dogs.refetch()}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('dogs.retry')}
          </Button>
        </Alert>
      ) : list && list.length > 0 ? (
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {list.map((dog, index) => (
            <li key={dog.id} className="grid">
              <DogCard
                dog={dog}
                eager={index < 3}
                onOpen={() => setDetailsId(dog.id)}
                onEdit={() => setForm({ open: true, dog })}
                onDelete={() => setDeleting(dog)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState onAdd={add} />
      )}

      <DogFormDialog
        open={form.open}
        dog={form.dog}
        // The first dog starts with the name given at sign-up.
        suggestedName={list?.length === 0 ? (signupDogName ?? undefined) : undefined}
        onOpenChange={(open) => setForm((previous) => ({ ...previous, open }))}
      />
      <DeleteDogDialog
        dog={deleting}
        pending={remove.isPending}
        onConfirm={(dog) => remove.mutate({ id: dog.id })}
        onClose={() => setDeleting(null)}
      />
      <DogDetailsDialog
        dog={details}
        onOpenChange={(open) => !open && setDetailsId(null)}
        owner={
          me.data && {
            fullName: me.data.fullName,
            photo: me.data.photo,
            place: profilePlace(me.data, locale),
          }
        }
      />
    </div>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  const intl = useIntl();
  return (
    <section className="flex flex-col items-center gap-4 rounded-card border-2 border-dashed border-border bg-surface px-5 py-10 text-center md:py-14">
      <span className="flex size-28 items-center justify-center rounded-pill bg-primary-soft">
        <DogSilhouette className="size-20 text-primary" />
      </span>
      <h2 className="text-title font-bold text-balance">{intl.formatMessage({ id: 'dogs.empty.title' })}</h2>
      <p className="max-w-md text-lead text-muted-foreground">
        {intl.formatMessage({ id: 'dogs.empty.text' })}
      </p>
      <Button size="lg" onClick={onAdd} className="w-full sm:w-auto">
        <Plus aria-hidden="true" className="size-5" />
        {intl.formatMessage({ id: 'dogs.add' })}
      </Button>
    </section>
  );
}

function CardSkeletons() {
  const intl = useIntl();
  return (
    <div role="status" className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{intl.formatMessage({ id: 'common.loading' })}</span>
      {[0, 1, 2].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="overflow-hidden rounded-card border border-border bg-surface shadow-card"
        >
          <div className="aspect-4/3 animate-pulse bg-muted" />
          <div className="flex flex-col gap-3 p-5">
            <div className="h-7 w-2/3 animate-pulse rounded-control bg-muted" />
            <div className="h-5 w-1/2 animate-pulse rounded-control bg-muted" />
            <div className="flex gap-2">
              <div className="h-6 w-16 animate-pulse rounded-pill bg-muted" />
              <div className="h-6 w-20 animate-pulse rounded-pill bg-muted" />
            </div>
            <div className="grid grid-cols-2 gap-2 pt-1">
              <div className="h-11 animate-pulse rounded-control bg-muted" />
              <div className="h-11 animate-pulse rounded-control bg-muted" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
