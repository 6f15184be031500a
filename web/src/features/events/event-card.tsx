import clsx from 'clsx';
import {
  CalendarDays,
  Check,
  Clock,
  Hourglass,
  MapPin,
  MessagesSquare,
  Pencil,
  Repeat,
  Star,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { useIntl } from 'react-intl';
import { isFull, isUpcoming } from '#shared/domain/events';
import { CardOpenButton } from '../../components/ui/card';
import { cityName } from '../../components/dogs/names';
import { buttonClasses } from '../../components/ui/button';
import { useLocale, useT } from '../../lib/intl';
import { EventImage, TypeBadge } from './event-look';
import { dayAndMonth, shortDate } from './format';
import { JoinButton } from './join-button';
import type { EventView } from './types';

/** The picture's slot in the grid (as the dog cards), so the browser picks the 200 or 512 px variant. */
const IMAGE_SIZES = '(min-width: 1152px) 360px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';

interface EventCardProps {
  event: EventView;
  onOpen: () => void;
  onEdit: () => void;
  /** Opens the event's chat (shown while it has messages I have not read). */
  onOpenChat: () => void;
  eager?: boolean;
}

/** One upcoming event in the grid; the title is a button that covers the card and opens the details. */
export function EventCard({ event, onOpen, onEdit, onOpenChat, eager = false }: EventCardProps) {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  const [day, month] = dayAndMonth(intl, event.startsAt);
  const place = [event.locationName, cityName(event.city, event.country, locale)].filter(Boolean).join(', ');
  const share = Math.min(1, event.currentAttendees / event.maxAttendees);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card transition-shadow hover:shadow-lg">
      <div className="relative">
        <EventImage
          image={event.image}
          type={event.eventType}
          alt={t('events.imageAlt', { title: event.title })}
          sizes={IMAGE_SIZES}
          largest="medium"
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-video"
        />
        <TypeBadge type={event.eventType} variant="overlay" className="absolute top-3 left-3" />
        <StatusBadge event={event} className="absolute top-3 right-3" />
        <span
          aria-hidden="true"
          className="absolute bottom-3 left-3 flex min-w-14 flex-col items-center rounded-control bg-surface px-2 py-1 leading-tight shadow-sm"
        >
          <span className="text-title font-extrabold text-primary-strong">{day}</span>
          <span className="text-caption font-semibold text-muted-foreground uppercase">{month}</span>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 md:p-5">
        <div className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-label font-semibold text-primary-strong">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              {shortDate(intl, event.startsAt)}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              <time>{event.eventTime}</time>
            </span>
            {event.seriesId && (
              <span className="inline-flex items-center gap-1.5">
                <Repeat aria-hidden="true" className="size-4 shrink-0" />
                {t('events.recurring')}
              </span>
            )}
          </p>
          <h2 className="text-lead font-bold break-words hyphens-auto">
            <CardOpenButton onOpen={onOpen} className="line-clamp-2">
              {event.title}
            </CardOpenButton>
          </h2>
          <p className="flex items-center gap-1.5 text-label text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="min-w-0 truncate">{place}</span>
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <p className="flex items-center justify-between gap-2 text-label">
            <span className="inline-flex items-center gap-1.5 font-semibold">
              <UsersRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              {t('events.attendeesCount', { current: event.currentAttendees, max: event.maxAttendees })}
            </span>
            {event.unreadMessages > 0 && (
              // Above the title's cover, so it opens the chat rather than the details.
              <button
                type="button"
                onClick={onOpenChat}
                aria-label={t('events.chat.openUnread', { count: event.unreadMessages, title: event.title })}
                className="relative z-10 -my-1 inline-flex min-h-8 shrink-0 items-center gap-1.5 rounded-pill bg-primary px-3 text-caption font-bold text-primary-foreground tabular-nums hover:bg-primary-hover"
              >
                <MessagesSquare aria-hidden="true" className="size-4 shrink-0" />
                {event.unreadMessages}
              </button>
            )}
          </p>
          <span aria-hidden="true" className="h-1.5 overflow-hidden rounded-pill bg-muted">
            <span
              className={clsx('block h-full rounded-pill', share >= 1 ? 'bg-danger' : 'bg-accent')}
              style={{ width: `${Math.round(share * 100)}%` }}
            />
          </span>
        </div>
        {event.description && (
          <p className="line-clamp-3 text-label break-words whitespace-pre-line text-muted-foreground">
            {event.description}
          </p>
        )}
        <p className="flex items-center gap-1.5 text-caption text-muted-foreground">
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 truncate">
            {t('events.organizedBy', { name: event.creator.fullName })}
          </span>
        </p>
        {/* Above the title's cover, so the action stays its own button. */}
        <div className="relative z-10 mt-auto pt-1">
          {event.isMine ? (
            <button
              type="button"
              onClick={onEdit}
              aria-label={t('events.editNamed', { title: event.title })}
              className={buttonClasses({ variant: 'outline' }, 'w-full')}
            >
              <Pencil aria-hidden="true" className="size-4.5" />
              {t('events.edit')}
            </button>
          ) : isUpcoming(event) ? (
            <JoinButton event={event} />
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** Mine, attending or full: the one that matters most, on the picture's corner. */
export function StatusBadge({ event, className }: { event: EventView; className?: string }) {
  const intl = useIntl();
  // A past event (the past tab) tells only whose it was or that I was there.
  const upcoming = isUpcoming(event);
  const badge = event.isMine
    ? { Icon: Star, key: 'events.badge.mine', tone: 'bg-primary text-primary-foreground' }
    : event.isAttending
      ? {
          Icon: Check,
          key: upcoming ? 'events.badge.attending' : 'events.badge.attended',
          tone: 'bg-success text-white',
        }
      : !upcoming
        ? null
        : event.myStatus === 'waiting' || event.myStatus === 'pending'
          ? {
              Icon: Hourglass,
              key: `events.badge.${event.myStatus}`,
              tone: 'bg-accent text-accent-foreground',
            }
          : isFull(event)
            ? { Icon: UsersRound, key: 'events.badge.full', tone: 'bg-danger text-white' }
            : null;
  if (!badge) return null;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-pill px-2.5 py-0.5 text-caption font-semibold shadow-sm',
        badge.tone,
        className,
      )}
    >
      <badge.Icon aria-hidden="true" className="size-3.5" />
      {intl.formatMessage({ id: badge.key })}
    </span>
  );
}
