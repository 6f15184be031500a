import { BellOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type DatedEntry, Empty, LIST_AREA, Loading, LoadError } from '../../components/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useNow } from '../../lib/relative-time';
import {
  inRequestFilter,
  isUnread,
  type NoticeTab,
  noticeTab,
  REQUEST_FILTERS as FILTERS,
  type RequestFilter as Filter,
} from '#shared/domain/requests';
import { RequestCard } from './request-card';
import { useT } from '../../lib/intl';

/**
 * Requests and notifications (SPEC §2): Zahteve with Vse / Sprejete / Zavrnjene, and Posodobitve: the user's
 * event notices and moderators' decisions, drawn here, handed to `updates` to show among the announcements
 * (composed in by the app). Each tab counts its own unread items; together they are the bell's count. Used
 * on /profil and in the top bar's bell dialog; the layout's live hooks keep both current.
 */
export function RequestsPanel({
  className,
  updates,
}: {
  className?: string;
  updates: (notices: readonly DatedEntry[]) => ReactNode;
}) {
  const [tab, setTab] = useState<NoticeTab>('requests');
  const now = useNow();
  const requests = trpc.requests.list.useQuery();
  const items = requests.data ?? [];
  const unreadIn = (which: NoticeTab) =>
    items.filter((item) => noticeTab(item.type) === which && isUnread(item)).length;
  const notices = items
    .filter((item) => noticeTab(item.type) === 'updates')
    .map((item) => ({ key: item.id, at: item.createdAt, node: <RequestCard item={item} now={now} /> }));
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as NoticeTab)} className={className}>
      <TabsList>
        <TabsTrigger value="requests">
          <TabName label="requests.tabs.requests" unread={unreadIn('requests')} />
        </TabsTrigger>
        <TabsTrigger value="updates">
          <TabName label="requests.tabs.updates" unread={unreadIn('updates')} />
        </TabsTrigger>
      </TabsList>
      <TabsContent value="requests" className="mt-4">
        <RequestsTab />
      </TabsContent>
      <TabsContent value="updates" className="mt-4">
        {updates(notices)}
      </TabsContent>
    </Tabs>
  );
}

/** A tab's name with its unread count, "Zahteve, 2 neprebrani" to a screen reader. */
function TabName({ label, unread }: { label: string; unread: number }) {
  const intl = useIntl();
  return (
    <span className="inline-flex items-center gap-2">
      {intl.formatMessage({ id: label })}
      {unread ? (
        <span className="rounded-pill bg-primary px-1.5 text-caption leading-5 font-bold text-primary-foreground">
          <span aria-hidden="true">{unread}</span>
          <span className="sr-only">{intl.formatMessage({ id: 'requests.unread' }, { count: unread })}</span>
        </span>
      ) : null}
    </span>
  );
}

function RequestsTab() {
  const intl = useIntl();
  const t = useT();
  const errorText = useErrorText();
  const now = useNow();
  const [filter, setFilter] = useState<Filter>('all');
  const query = trpc.requests.list.useQuery();

  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <LoadError title={t('requests.fetchError')} onRetry={() => void query.refetch()}>
        {errorText(query.error)}
      </LoadError>
    );
  const items = query.data;
  const counts = Object.fromEntries(
    FILTERS.map((name) => [name, items.filter(inRequestFilter(name)).length]),
  ) as Record<Filter, number>;
  return (
    <Tabs value={filter} onValueChange={(value) => setFilter(value as Filter)}>
      <TabsList className="bg-transparent p-0">
        {FILTERS.map((name) => (
          <TabsTrigger
            key={name}
            value={name}
            className="border border-border data-[state=active]:border-primary/40 data-[state=active]:bg-primary-soft"
          >
            {/* Phones: the count under the label, so three tabs fit; the name reads "Vse (3)". */}
            <span className="sr-only">
              {t('requests.filter.withCount', {
                label: t(`requests.filter.${name}`),
                count: counts[name],
              })}
            </span>
            <span
              aria-hidden="true"
              className="flex flex-col items-center justify-center gap-0.5 leading-4 sm:flex-row sm:gap-1.5"
            >
              {t(`requests.filter.${name}`)}
              <span className="min-w-5 rounded-pill bg-muted px-1.5 text-caption leading-4 tabular-nums sm:leading-5">
                {intl.formatNumber(counts[name])}
              </span>
            </span>
          </TabsTrigger>
        ))}
      </TabsList>
      {FILTERS.map((name) => {
        const shown = items.filter(inRequestFilter(name));
        return (
          <TabsContent key={name} value={name} className={LIST_AREA}>
            {shown.length ? (
              <ul className="flex flex-col gap-2">
                {shown.map((item) => (
                  <RequestCard key={item.id} item={item} now={now} />
                ))}
              </ul>
            ) : (
              <Empty
                icon={<BellOff aria-hidden="true" className="size-6" />}
                title={t(`requests.empty.${name}`)}
              >
                {name === 'all' ? t('requests.empty.allText') : undefined}
              </Empty>
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
