import clsx from 'clsx';
import { BellOff, Megaphone, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { AnnouncementCard } from './announcement-card';
import { AnnouncementForm } from './announcement-form';
import {
  inRequestFilter,
  REQUEST_FILTERS as FILTERS,
  type RequestFilter as Filter,
} from '../../../../src/domain/request-filters';
import { RequestCard } from './request-card';
import { useNow } from './time';

/** The scrolling area of each list: at most 400 px (SPEC §9), focusable so keys can scroll it. */
const LIST_AREA = 'mt-3 max-h-100 overflow-y-auto overscroll-contain rounded-control';

/**
 * Requests and notifications (SPEC §2): Zahteve with Vse / Sprejete / Zavrnjene, and Posodobitve with the
 * system announcements (and the admin's form). Used on /profil and in the top bar's bell dialog; the
 * layout's useRequestsLive keeps both current.
 */
export function RequestsPanel({ className }: { className?: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [tab, setTab] = useState('requests');
  const requests = trpc.likes.requests.useQuery();
  const unread = requests.data?.filter(
    (item) => item.direction === 'received' && item.status === 'unread',
  ).length;
  return (
    <Tabs value={tab} onValueChange={setTab} className={className}>
      <TabsList>
        <TabsTrigger value="requests">
          <span className="inline-flex items-center gap-2">
            {t('requests.tabs.requests')}
            {unread ? (
              <span className="rounded-pill bg-primary px-1.5 text-caption leading-5 font-bold text-primary-foreground">
                <span aria-hidden="true">{unread}</span>
                <span className="sr-only">
                  {intl.formatMessage({ id: 'requests.unread' }, { count: unread })}
                </span>
              </span>
            ) : null}
          </span>
        </TabsTrigger>
        <TabsTrigger value="updates">{t('requests.tabs.updates')}</TabsTrigger>
      </TabsList>
      <TabsContent value="requests" className="mt-4">
        <RequestsTab />
      </TabsContent>
      <TabsContent value="updates" className="mt-4">
        <UpdatesTab />
      </TabsContent>
    </Tabs>
  );
}

function RequestsTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useErrorText();
  const now = useNow();
  const [filter, setFilter] = useState<Filter>('all');
  const query = trpc.likes.requests.useQuery();

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

function UpdatesTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const errorText = useErrorText();
  const now = useNow();
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const list = trpc.announcements.list.useQuery();

  let body: ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError)
    body = (
      <LoadError title={t('announcements.fetchError')} onRetry={() => void list.refetch()}>
        {errorText(list.error)}
      </LoadError>
    );
  else if (!list.data.length)
    body = (
      <Empty icon={<Megaphone aria-hidden="true" className="size-6" />} title={t('announcements.empty')}>
        {t('announcements.emptyText')}
      </Empty>
    );
  else
    body = (
      <ul className="flex flex-col gap-2">
        {list.data.map((announcement) => (
          <AnnouncementCard key={announcement.id} announcement={announcement} now={now} admin={admin} />
        ))}
      </ul>
    );
  return (
    <div className="flex flex-col gap-4">
      {admin && <AnnouncementForm />}
      {/* Focusable only when it has a list to scroll. */}
      <div className={clsx(LIST_AREA, 'mt-0')} tabIndex={list.data?.length ? 0 : undefined}>
        {body}
      </div>
    </div>
  );
}

function Loading() {
  const intl = useIntl();
  return (
    <div role="status" className="flex min-h-40 items-center justify-center text-primary">
      <Spinner className="size-8" />
      <span className="sr-only">{intl.formatMessage({ id: 'common.loading' })}</span>
    </div>
  );
}

function Empty({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-2 px-4 py-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-pill bg-muted text-muted-foreground">
        {icon}
      </span>
      <p className="font-semibold">{title}</p>
      {children && <p className="max-w-sm text-label text-muted-foreground">{children}</p>}
    </div>
  );
}

function LoadError({
  title,
  onRetry,
  children,
}: {
  title: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert title={title} className="w-full">
        <p>{children}</p>
      </Alert>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-5" />
        {intl.formatMessage({ id: 'requests.retry' })}
      </Button>
    </div>
  );
}
