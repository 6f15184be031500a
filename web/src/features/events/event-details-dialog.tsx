import {
  CalendarDays,
  CalendarPlus,
  ChevronRight,
  Clock,
  Download,
  MapPin,
  MessagesSquare,
  Navigation,
  Pencil,
  Repeat,
  Trash2,
  UsersRound,
} from 'lucide-react';
import { isUpcoming, mapLink } from '#shared/domain/events';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { countryName, placeName } from '../../components/dogs/names';
import { Avatar } from '../../components/profile/avatar';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SafetyActions } from '../../components/safety/safety-actions';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog';
import { Fact } from '../../components/ui/fact';
import { MapLink } from '../../components/ui/map-link';
import { PageSpinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { AttendeesDialog } from './attendees-dialog';
import { EventChatDialog, loadEventChat } from './event-chat-dialog';
import { ExportAttendeesButton } from './export-attendees';
import { DeleteEventDialog } from './delete-event-dialog';
import { EventImage, TypeBadge } from './event-look';
import { StatusBadge } from './event-card';
import { longDate, timeRange } from './format';
import { JoinButton } from './join-button';
import type { EventView } from './types';

interface EventDetailsDialogProps {
  /** The event shown; null keeps the dialog closed. */
  eventId: string | null;
  /** The event as the list has it, shown until the fresh copy arrives. */
  initial: EventView | undefined;
  /** Its chat is open on top (where the event has one for me). */
  chatOpen: boolean;
  onChatOpenChange: (open: boolean) => void;
  onClose: () => void;
  onEdit: (event: EventView) => void;
}

/** Everything about one event: picture, facts, attendees, description, and what I can do with it. */
export function EventDetailsDialog({
  eventId,
  initial,
  chatOpen,
  onChatOpenChange,
  onClose,
  onEdit,
}: EventDetailsDialogProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const details = trpc.events.byId.useQuery(
    { id: eventId ?? '' },
    { enabled: eventId !== null, placeholderData: initial },
  );
  const event = eventId ? (details.data ?? initial) : undefined;
  return (
    <Dialog open={eventId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="md:max-w-3xl!" aria-describedby={undefined}>
        {event ? (
          <EventDetails
            key={event.id}
            event={event}
            chatOpen={chatOpen}
            onChatOpenChange={onChatOpenChange}
            onEdit={() => onEdit(event)}
            onDeleted={onClose}
          />
        ) : details.isError ? (
          <div className="flex flex-col gap-4">
            <DialogTitle>{intl.formatMessage({ id: 'events.details.unavailable' })}</DialogTitle>
            <Alert>{errorText(details.error)}</Alert>
          </div>
        ) : (
          <>
            <DialogTitle className="sr-only">{intl.formatMessage({ id: 'common.loading' })}</DialogTitle>
            <PageSpinner />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EventDetails({
  event,
  chatOpen,
  onChatOpenChange,
  onEdit,
  onDeleted,
}: {
  event: EventView;
  chatOpen: boolean;
  onChatOpenChange: (open: boolean) => void;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  const [attendeesOpen, setAttendeesOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The event's chat: its organiser and everyone with a seat, until it starts.
  const chats = (event.isMine || event.isAttending) && isUpcoming(event);
  const secondary =
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-control border border-border px-4 font-semibold transition-colors hover:bg-muted';
  return (
    // Room at the top on phones for the dialog's close button, which would sit on the picture.
    <div className="grid gap-5 pt-9 md:grid-cols-[5fr_6fr] md:gap-8 md:pt-0">
      <EventImage
        image={event.image}
        type={event.eventType}
        sizes="(min-width: 768px) 306px, calc(100vw - 2.5rem)"
        loading="eager"
        alt={t('events.imageAlt', { title: event.title })}
        className="aspect-video max-h-[30dvh] w-full rounded-card md:aspect-square md:max-h-none md:self-start"
      />
      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <TypeBadge type={event.eventType} />
            <StatusBadge event={event} />
          </div>
          <DialogTitle className="mt-2 break-words hyphens-auto">{event.title}</DialogTitle>
        </div>
        <dl className="grid gap-2">
          <Fact icon={CalendarDays} label={t('events.details.date')}>
            {longDate(locale, event.startsAt)}
          </Fact>
          <Fact icon={Clock} label={t('events.details.time')}>
            <time>{timeRange(intl, event.startsAt, event.durationMinutes)}</time>
          </Fact>
          <Fact icon={MapPin} label={t('events.details.locationName')}>
            <span className="flex flex-wrap items-center gap-x-3">
              {event.locationName}
              <MapLink
                href={mapLink({
                  locationName: event.locationName,
                  city: event.city,
                  countryName: countryName(event.country, locale),
                })}
              >
                {t('events.details.map')}
              </MapLink>
            </span>
          </Fact>
          <Fact icon={Navigation} label={t('events.details.place')}>
            {placeName(event.city, event.country, locale)}
          </Fact>
          <Fact icon={UsersRound} label={t('events.details.attendees')}>
            <button
              type="button"
              onClick={() => setAttendeesOpen(true)}
              className="-my-1 inline-flex min-h-9 items-center gap-1 rounded-control font-semibold text-primary-strong underline-offset-2 hover:underline"
            >
              {t('events.attendeesCount', { current: event.currentAttendees, max: event.maxAttendees })}
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </Fact>
          {event.seriesId && (
            <Fact icon={Repeat} label={t('events.details.series')}>
              {t('events.recurring')}
            </Fact>
          )}
        </dl>
        <div className="flex flex-wrap gap-2">
          <a href={`/api/events/${event.id}/calendar.ics`} download className={secondary}>
            <CalendarPlus aria-hidden="true" className="size-4.5" />
            {t('events.details.addToCalendar')}
          </a>
          {chats && (
            <button
              type="button"
              onClick={() => onChatOpenChange(true)}
              onPointerEnter={() => void loadEventChat()}
              onFocus={() => void loadEventChat()}
              className={secondary}
            >
              <MessagesSquare aria-hidden="true" className="size-4.5" />
              {t('events.chat.open')}
              {event.unreadMessages > 0 && (
                <>
                  <span
                    aria-hidden="true"
                    className="rounded-pill bg-primary px-2 text-caption font-bold text-primary-foreground tabular-nums"
                  >
                    {event.unreadMessages}
                  </span>
                  <span className="sr-only">, {t('chat.unread', { count: event.unreadMessages })}</span>
                </>
              )}
            </button>
          )}
          {event.isMine && <ExportAttendeesButton event={event} className={secondary} icon={Download} />}
        </div>
        {event.description && (
          <section className="flex flex-col gap-2">
            <h3 className="text-label font-bold">{t('events.details.about')}</h3>
            <p className="break-words whitespace-pre-line text-foreground">{event.description}</p>
          </section>
        )}
        <div className="flex items-center gap-3 rounded-card border border-border bg-background p-3">
          <Avatar fullName={event.creator.fullName} photo={event.creator.photo} size="sm" />
          <span className="flex min-w-0 flex-col">
            <span className="text-caption font-semibold text-muted-foreground">
              {t('events.details.organizer')}
            </span>
            <span className="font-bold break-words">{event.creator.fullName}</span>
          </span>
        </div>
        {!event.isMine && (
          <SafetyActions
            target={{ type: 'event', id: event.id }}
            author={{ id: event.creator.userId, name: event.creator.fullName }}
            onBlocked={onDeleted}
          />
        )}
        {/* On phones the actions stay in reach at the sheet's bottom edge while the details scroll. */}
        <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 mt-auto border-t border-border bg-surface px-5 py-4 md:static md:m-0 md:border-0 md:p-0">
          {event.isMine ? (
            <div className="grid grid-cols-2 gap-2">
              <Button variant="outline" onClick={onEdit}>
                <Pencil aria-hidden="true" className="size-4.5" />
                {t('events.edit')}
              </Button>
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control border border-danger/30 px-5 font-semibold text-danger transition-colors hover:bg-danger-soft"
              >
                <Trash2 aria-hidden="true" className="size-4.5" />
                {t('events.delete')}
              </button>
            </div>
          ) : isUpcoming(event) ? (
            <JoinButton event={event} />
          ) : (
            <p className="text-center text-muted-foreground">{t('events.details.over')}</p>
          )}
        </div>
      </div>
      <AttendeesDialog event={event} open={attendeesOpen} onOpenChange={setAttendeesOpen} />
      <EventChatDialog event={event} open={chatOpen && chats} onOpenChange={onChatOpenChange} />
      <DeleteEventDialog
        event={confirming ? event : null}
        onClose={() => setConfirming(false)}
        onDeleted={onDeleted}
      />
    </div>
  );
}
