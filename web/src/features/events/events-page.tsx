import { lazyDialog } from '../../components/ui/dialog';
import clsx from 'clsx';
import {
  CalendarDays,
  CalendarPlus,
  CalendarRange,
  ChevronDown,
  FilterX,
  type LucideIcon,
  MapPinned,
  Plus,
  RotateCcw,
  Search,
  SearchX,
  Star,
  X,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { EVENT_CHAT_PARAM, EVENT_PARAM } from '#shared/domain/events';
import { Chip, ChipRow } from '../../components/ui/chips';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PastEvents } from './past-events';
import { keepPreviousData } from '@tanstack/react-query';
import type { EventFilter } from '#shared/schemas/events';
import { LIMITS } from '#shared/limits';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { EventCard } from './event-card';
import { EVENT_TYPE_LIST, TypeIcon } from './event-look';
import type { EventView } from './types';
import { FILTER_LIST, FILTERS, useEventFilters } from './use-event-filters';
import { useT } from '../../lib/intl';

// The event's details with what only they use (attendees, chat, export, delete): loaded on intent or opening.
const EventDetailsDialog = lazyDialog(
  () => import('./event-details-dialog').then((module) => module.EventDetailsDialog),
  ({ eventId }) => eventId !== null,
);

const EventFormDialog = lazyDialog(
  () => import('./event-form-dialog').then((module) => module.EventFormDialog),
  ({ open }) => open,
);

const FILTER_ICONS: Record<EventFilter, LucideIcon> = {
  mine: Star,
  nearby: MapPinned,
  thisWeek: CalendarDays,
  nextWeek: CalendarRange,
};

/** The form dialog: whether it is open, and the event it edits (null: a new one). */
interface FormState {
  open: boolean;
  event: EventView | null;
}

/** /events: upcoming events to search, filter, join or leave; my own to create, edit and delete. */
export default function EventsPage() {
  const t = useT();
  const errorText = useErrorText();
  const session = useSession();
  const signedIn = session.user !== null;
  const filters = useEventFilters(signedIn);
  // A filter that needs an account waits until the session is known.
  const waiting = session.isLoading && filters.filter !== undefined;
  // Pages of LIMITS.event.pageSize, soonest first; the next starts after the last event shown.
  const events = trpc.events.list.useInfiniteQuery(filters.input, {
    enabled: !waiting,
    placeholderData: keepPreviousData,
    getNextPageParam: (page) => (page.length === LIMITS.event.pageSize ? page.at(-1)?.id : undefined),
  });
  const [form, setForm] = useState<FormState>({ open: false, event: null });
  const [params, setParams] = useSearchParams();
  // Upcoming events, or (signed in) my past ones; a link may name one event to open (calendars, pushes).
  const tab = signedIn && params.get('tab') === 'past' ? 'past' : 'upcoming';
  const detailsId = params.get(EVENT_PARAM);
  // A push about the event's chat messages opens the chat too.
  const chatOpen = detailsId !== null && params.has(EVENT_CHAT_PARAM);
  const setParam = (values: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values))
          if (value) next.set(name, value);
          else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const setDetailsId = (id: string | null, chat = false) =>
    setParam({ [EVENT_PARAM]: id, [EVENT_CHAT_PARAM]: chat ? '1' : null });
  const [pastSeen, setPastSeen] = useState<EventView[]>([]);
  const list = useMemo(() => events.data?.pages.flat(), [events.data]);

  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-headline font-extrabold">{t('events.title')}</h1>
          <p className="mt-1 text-lead text-muted-foreground">{t('events.subtitle')}</p>
          <Link
            to="/mesta"
            className="mt-2 inline-flex min-h-10 items-center gap-1.5 font-semibold text-primary-strong underline-offset-4 hover:underline"
          >
            <MapPinned aria-hidden="true" className="size-5" />
            {t('events.placesLink')}
          </Link>
        </div>
        {/* Always here, empty list or not: nothing moves when the list arrives, and it is the one way to create. */}
        {signedIn ? (
          <Button onClick={() => setForm({ open: true, event: null })} className="w-full shrink-0 sm:w-auto">
            <Plus aria-hidden="true" className="size-5" />
            {t('events.create')}
          </Button>
        ) : (
          <Link to="/auth" className={buttonClasses({}, 'w-full shrink-0 sm:w-auto')}>
            <Plus aria-hidden="true" className="size-5" />
            {t('events.create')}
          </Link>
        )}
      </header>

      {/* Members have the tabs above the list, visitors not: until the session is known, neither shows, so
          nothing moves when it arrives (the list is fetched meanwhile). */}
      {session.isLoading ? (
        <CardSkeletons />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setParam({ tab: value === 'past' ? 'past' : null })}>
          {signedIn && (
            <TabsList aria-label={t('events.tabs')} className="mb-5">
              <TabsTrigger value="upcoming">{t('events.tab.upcoming')}</TabsTrigger>
              <TabsTrigger value="past">{t('events.tab.past')}</TabsTrigger>
            </TabsList>
          )}
          <TabsContent value="past">
            {tab === 'past' && (
              <PastEvents
                onOpen={(event, chat) => {
                  setPastSeen([event]);
                  setDetailsId(event.id, chat);
                }}
                onEdit={(event) => setForm({ open: true, event })}
              />
            )}
          </TabsContent>
          <TabsContent value="upcoming" className="flex flex-col gap-6 md:gap-8">
            <section
              aria-label={t('events.toolbar')}
              className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card md:p-5"
            >
              <div className="relative" role="search">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  type="search"
                  aria-label={t('events.search.label')}
                  placeholder={t('events.search.placeholder')}
                  maxLength={LIMITS.event.searchMax}
                  value={filters.text}
                  onChange={(change) => filters.setText(change.target.value)}
                  className="pr-12 pl-11 [&::-webkit-search-cancel-button]:hidden"
                />
                {filters.text && (
                  <button
                    type="button"
                    onClick={() => filters.setText('')}
                    aria-label={t('events.search.clear')}
                    className="absolute top-1/2 right-1 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-control text-muted-foreground hover:bg-muted"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                )}
              </div>
              <ChipRow label={t('events.typeFilter')}>
                <Chip pressed={!filters.type} onClick={() => filters.setType(undefined)}>
                  {t('events.type.all')}
                </Chip>
                {EVENT_TYPE_LIST.map((type) => (
                  <Chip key={type} pressed={filters.type === type} onClick={() => filters.setType(type)}>
                    <TypeIcon type={type} className="size-4" />
                    {t(`events.type.${type}`)}
                  </Chip>
                ))}
              </ChipRow>
              <ChipRow label={t('events.moreFilters')}>
                {FILTER_LIST.filter((filter) => signedIn || !FILTERS[filter].signedIn).map((filter) => {
                  const Icon = FILTER_ICONS[filter];
                  return (
                    <Chip
                      key={filter}
                      tone="accent"
                      pressed={filters.filter === filter}
                      onClick={() => filters.toggleFilter(filter)}
                    >
                      <Icon aria-hidden="true" className="size-4" />
                      {t(`events.filter.${filter}`)}
                    </Chip>
                  );
                })}
              </ChipRow>
              {filters.active && (
                <div
                  className="flex flex-wrap items-center gap-2 text-label"
                  role="group"
                  aria-label={t('events.activeFilters')}
                >
                  <span aria-hidden="true" className="text-muted-foreground">
                    {t('events.activeFilters')}:
                  </span>
                  {filters.type && (
                    <ActiveFilter
                      label={t(`events.type.${filters.type}`)}
                      onRemove={() => filters.setType(undefined)}
                    />
                  )}
                  {filters.filter && (
                    <ActiveFilter
                      label={t(`events.filter.${filters.filter}`)}
                      onRemove={() => filters.toggleFilter(filters.filter!)}
                    />
                  )}
                  {filters.input.search && (
                    <ActiveFilter label={`»${filters.input.search}«`} onRemove={() => filters.setText('')} />
                  )}
                  <button
                    type="button"
                    onClick={filters.reset}
                    className="min-h-10 rounded-control px-2 font-semibold text-primary-strong underline-offset-4 hover:underline"
                  >
                    {t('events.clearFilters')}
                  </button>
                </div>
              )}
            </section>

            <div className="flex flex-col gap-4">
              <div
                className="flex min-h-6 items-center gap-2 text-label text-muted-foreground"
                aria-live="polite"
              >
                {list && list.length > 0 && !events.isError && (
                  <span>
                    {t(events.hasNextPage ? 'events.countFirst' : 'events.count', { count: list.length })}
                  </span>
                )}
                {events.isFetching && !events.isFetchingNextPage && list && (
                  <Spinner className="size-4 text-primary" />
                )}
              </div>
              {events.isPending ? (
                <CardSkeletons />
              ) : events.isError && !list ? (
                <Alert title={t('events.loadError')}>
                  <p>{errorText(events.error)}</p>
                  <Button variant="outline" className="mt-2 self-start" onClick={() => void events.refetch()}>
                    <RotateCcw aria-hidden="true" className="size-5" />
                    {t('events.retry')}
                  </Button>
                </Alert>
              ) : list && list.length > 0 ? (
                <ul
                  aria-label={t('events.listLabel')}
                  className={clsx(
                    'grid gap-5 md:grid-cols-2 lg:grid-cols-3',
                    events.isPlaceholderData && 'opacity-60 transition-opacity',
                  )}
                >
                  {list.map((event, index) => (
                    <li key={event.id} className="grid">
                      <EventCard
                        event={event}
                        eager={index < 3}
                        onOpen={() => setDetailsId(event.id)}
                        onEdit={() => setForm({ open: true, event })}
                        onOpenChat={() => setDetailsId(event.id, true)}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
              {list && list.length > 0 && events.hasNextPage && (
                <Button
                  variant="outline"
                  className="self-center"
                  loading={events.isFetchingNextPage}
                  onClick={() => void events.fetchNextPage()}
                >
                  <ChevronDown aria-hidden="true" className="size-5" />
                  {t('events.more')}
                </Button>
              )}
              {list?.length === 0 && <EmptyState filtered={filters.active} onReset={filters.reset} />}
            </div>
          </TabsContent>
        </Tabs>
      )}

      <EventDetailsDialog
        eventId={detailsId}
        initial={[...(list ?? []), ...pastSeen].find((event) => event.id === detailsId)}
        chatOpen={chatOpen}
        onChatOpenChange={(open) => setParam({ [EVENT_CHAT_PARAM]: open ? '1' : null })}
        onClose={() => setDetailsId(null)}
        onEdit={(event) => {
          setDetailsId(null);
          setForm({ open: true, event });
        }}
      />
      <EventFormDialog
        open={form.open}
        event={form.event}
        onOpenChange={(open) => setForm((previous) => ({ ...previous, open }))}
      />
    </div>
  );
}

/** One filter in force, with a way to drop just it. */
function ActiveFilter({ label, onRemove }: { label: string; onRemove: () => void }) {
  const intl = useIntl();
  return (
    <span className="inline-flex items-center gap-1 rounded-pill border border-primary/40 bg-primary-soft py-0.5 pr-0.5 pl-3 font-semibold text-primary-strong">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={intl.formatMessage({ id: 'events.removeFilter' }, { label })}
        className="inline-flex size-8 items-center justify-center rounded-pill hover:bg-primary/15"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </span>
  );
}

/** No events: the header's button creates one; with filters, a way to clear them. */
function EmptyState({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const t = useT();
  const Icon = filtered ? SearchX : CalendarPlus;
  return (
    <section className="flex flex-col items-center gap-4 rounded-card border-2 border-dashed border-border bg-surface px-5 py-10 text-center md:py-14">
      <span className="flex size-24 items-center justify-center rounded-pill bg-primary-soft">
        <Icon aria-hidden="true" className="size-12 text-primary" />
      </span>
      <h2 className="text-title font-bold text-balance">
        {t(filtered ? 'events.emptyFiltered.title' : 'events.empty.title')}
      </h2>
      <p className="max-w-md text-lead text-muted-foreground">
        {t(filtered ? 'events.emptyFiltered.text' : 'events.empty.text')}
      </p>
      {filtered && (
        <Button variant="outline" size="lg" onClick={onReset} className="w-full sm:w-auto">
          <FilterX aria-hidden="true" className="size-5" />
          {t('events.resetFilters')}
        </Button>
      )}
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
          <div className="aspect-video animate-pulse bg-muted" />
          <div className="flex flex-col gap-3 p-5">
            <div className="h-5 w-1/2 animate-pulse rounded-control bg-muted" />
            <div className="h-7 w-3/4 animate-pulse rounded-control bg-muted" />
            <div className="h-5 w-2/3 animate-pulse rounded-control bg-muted" />
            <div className="h-1.5 animate-pulse rounded-pill bg-muted" />
            <div className="h-11 animate-pulse rounded-control bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
