import { ChevronDown, History, RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { LIMITS } from '#shared/limits';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { EventCard } from './event-card';
import type { EventView } from './types';

/** The past tab: my history, the events that have started which I organised or had a seat at, latest first. */
export function PastEvents({
  onOpen,
  onEdit,
}: {
  /** With `chat`, the event's chat opens over its details. */
  onOpen: (event: EventView, chat?: boolean) => void;
  onEdit: (event: EventView) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const past = trpc.events.past.useInfiniteQuery(
    {},
    {
      getNextPageParam: (page) => (page.length === LIMITS.event.pageSize ? page.at(-1)?.id : undefined),
    },
  );
  const list = useMemo(() => past.data?.pages.flat(), [past.data]);
  if (past.isPending) return <Spinner className="size-6 self-center text-primary" />;
  if (past.isError)
    return (
      <Alert title={t('events.loadError')}>
        <p>{errorText(past.error)}</p>
        <Button variant="outline" className="mt-2 self-start" onClick={() => void past.refetch()}>
          <RotateCcw aria-hidden="true" className="size-5" />
          {t('events.retry')}
        </Button>
      </Alert>
    );
  if (!list?.length)
    return (
      <section className="flex flex-col items-center gap-3 rounded-card border-2 border-dashed border-border bg-surface px-5 py-10 text-center">
        <History aria-hidden="true" className="size-12 text-primary" />
        <h2 className="text-title font-bold">{t('events.past.empty.title')}</h2>
        <p className="max-w-md text-muted-foreground">{t('events.past.empty.text')}</p>
      </section>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-label text-muted-foreground">{t('events.past.count', { count: list.length })}</p>
      <ul aria-label={t('events.past.listLabel')} className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {list.map((event) => (
          <li key={event.id} className="grid">
            <EventCard
              event={event}
              onOpen={() => onOpen(event)}
              onEdit={() => onEdit(event)}
              onOpenChat={() => onOpen(event, true)}
            />
          </li>
        ))}
      </ul>
      {past.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          loading={past.isFetchingNextPage}
          onClick={() => void past.fetchNextPage()}
        >
          <ChevronDown aria-hidden="true" className="size-5" />
          {t('events.more')}
        </Button>
      )}
    </div>
  );
}
