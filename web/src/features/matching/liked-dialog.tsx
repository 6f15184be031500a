import { Heart } from 'lucide-react';
import { isPending } from '#shared/domain/requests';
import { DogPhoto } from '../../components/dogs/dog-photo';
import { breedName, placeName } from '../../components/dogs/names';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useWithdrawLike } from './api';

/** The dogs I liked (issue 20), newest first, each with my request's state; a pending one can be withdrawn. */
export function LikedDialog({
  open,
  onOpenChange,
  onWithdrawn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A dog whose like was withdrawn: it may come back to the deck. */
  onWithdrawn: (dogId: string) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('matching.liked.title')}</DialogTitle>
        <DialogDescription>{t('matching.liked.text')}</DialogDescription>
        {open && <LikedList onWithdrawn={onWithdrawn} />}
      </DialogContent>
    </Dialog>
  );
}

function LikedList({ onWithdrawn }: { onWithdrawn: (dogId: string) => void }) {
  const t = useT();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const liked = trpc.likes.liked.useInfiniteQuery(
    {},
    { getNextPageParam: (page) => page.nextCursor ?? undefined, initialCursor: null },
  );
  const withdraw = useWithdrawLike({
    onSuccess: () => toast.success(t('matching.liked.withdrawn')),
    onError: (error) => toast.error(t('matching.liked.withdrawError'), { description: errorText(error) }),
  });

  if (liked.isPending)
    return (
      <div role="status" className="flex justify-center py-8">
        <Spinner />
        <span className="sr-only">{t('matching.loading')}</span>
      </div>
    );
  if (liked.isError) return <p className="mt-4 text-danger">{errorText(liked.error)}</p>;
  const items = liked.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className="mt-6 flex items-center gap-2 text-muted-foreground">
        <Heart aria-hidden="true" className="size-5" />
        {t('matching.liked.empty')}
      </p>
    );
  return (
    <div className="mt-5 flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-border">
        {items.map(({ dog, request }) => (
          <li key={dog.id} className="flex items-center gap-3 py-3">
            <DogPhoto
              photo={dog.photos[0]}
              alt=""
              sizes="56px"
              className="size-14 shrink-0 rounded-control"
            />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-bold break-words">{dog.name}</span>
              <span className="text-caption text-muted-foreground">
                {breedName(dog.breed, locale)} · {placeName(dog.location, dog.originCountry, locale)}
              </span>
              <span className="text-caption font-semibold text-primary-strong">
                {t(
                  `matching.liked.status.${request ? (isPending(request.status) ? 'pending' : request.status) : 'chat'}`,
                )}
              </span>
            </div>
            {request && isPending(request.status) && (
              <Button
                variant="outline"
                loading={withdraw.isPending && withdraw.variables?.id === request.id}
                onClick={() => withdraw.mutate({ id: request.id }, { onSuccess: () => onWithdrawn(dog.id) })}
                aria-label={t('matching.liked.withdrawDog', { name: dog.name })}
              >
                {t('matching.liked.withdraw')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {liked.hasNextPage && (
        <Button
          variant="outline"
          loading={liked.isFetchingNextPage}
          onClick={() => void liked.fetchNextPage()}
        >
          {t('matching.liked.more')}
        </Button>
      )}
    </div>
  );
}
