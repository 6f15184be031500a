import { and, eq, gt, lte } from 'drizzle-orm';
import { inLjubljana } from '#shared/domain/event-time';
import { longDate } from '#shared/domain/long-date';
import {
  EVENT_REMINDERS,
  type EventChanges,
  type EventReminderType,
  isUpcoming,
} from '#shared/domain/events';
import type { Locale } from '#shared/i18n';
import { formatMessage } from '../../locales';
import { eventAttendees, events } from '../../db/schema';
import { transact } from '../../db/transact';
import { crashPoint } from '../../crash-points';
import { participants } from './attendance';
import type { ServiceDeps } from '../deps';
import { publishRequests, writeNotices } from '../notices/notifications';
import type { EventPlace } from '../delivery/notify';
import { shownTo } from '../safety/visibility';

/**
 * The event jobs (issue 21): reminders before the start and the held-back change notice. Each reads the
 * event as it is when it runs, so a job for a start that moved, an event that was cancelled or a person who
 * left does nothing; the notices then go through the channels of every notice (in the app, push or e-mail
 * by the person's choice).
 */

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'notify'>;

/**
 * `event-reminder` job: a notice to the organiser and everyone with a seat, if the event still starts at
 * `startsAt`. Exactly once per person, kind and start: a repeated or duplicated job (another instance, a
 * retry after a restart) finds the notice there (a unique index) and writes nothing.
 */
export async function deliverEventReminder(
  deps: Deps,
  { eventId, type, startsAt }: { eventId: string; type: EventReminderType; startsAt: string },
) {
  const start = new Date(startsAt);
  const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.startsAt.getTime() !== start.getTime() || !isUpcoming(event)) return;
  const going = await deps.db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        eq(eventAttendees.status, 'going'),
        shownTo(eventAttendees.userId, events.userId),
      ),
    );
  const owners = [event.userId, ...going.map((row) => row.userId)];
  // The notices and the jobs that push them commit together: a crash after the commit loses no push, and a
  // re-run (the job retried) finds the notices there and queues nothing twice.
  await transact(deps.db, async (tx) => {
    const written = await writeNotices(
      tx,
      owners.map((ownerId) => ({
        ownerId,
        notificationType: type,
        detail: event.title,
        eventId,
        eventStartsAt: start,
      })),
      { skipExisting: true },
    );
    await publishRequests(deps, written, tx);
  });
  crashPoint('event-reminder:committed');
}

/** How often the maintenance sweeps (server/app.ts). */
export const REMINDER_SWEEP_EVERY_MS = 3_600_000;

/**
 * Queues the reminders of every event that starts within the next day, and two sweeps more: each reminder
 * is still ahead at one sweep at least. Events made before reminders existed, written by other means, or
 * whose jobs were lost get theirs without being edited or joined; a reminder already queued adds nothing
 * (singleton keys), one already sent is not sent again (the notices' unique index). Returns how many
 * events it looked at.
 */
export async function scheduleReminders(deps: Pick<ServiceDeps, 'db' | 'notify'>, now = new Date()) {
  const ahead = Math.max(...EVENT_REMINDERS.map((r) => r.hours)) * 3_600_000 + 2 * REMINDER_SWEEP_EVERY_MS;
  const soon = await deps.db
    .select({ id: events.id, startsAt: events.startsAt })
    .from(events)
    .where(and(gt(events.startsAt, now), lte(events.startsAt, new Date(now.getTime() + ahead))));
  await deps.notify.eventReminders(soon);
  return soon.length;
}

/** What moved between `before` and the event now: the new values of the date, time and place. */
export function changesOf(before: EventPlace, now: EventPlace): EventChanges {
  const changes: EventChanges = {};
  if (before.eventDate !== now.eventDate) changes.date = now.eventDate;
  if (before.eventTime !== now.eventTime) changes.time = now.eventTime;
  if (before.locationName !== now.locationName || before.city !== now.city || before.country !== now.country)
    changes.place = `${now.locationName}, ${now.city}`;
  return changes;
}

/**
 * `event-changed` job: the first edit of a burst queued it with the event as it was; now, a few minutes on,
 * everyone taking part (seats, waitlist, requests) hears what moved since, in one notice that replaces an
 * unread older one. Edits that came back to where it was tell nobody.
 */
export async function deliverEventChange(
  deps: Deps,
  { eventId, before }: { eventId: string; before: EventPlace },
) {
  await transact(deps.db, async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    if (!event || !isUpcoming(event)) return;
    const changes = changesOf(before, event);
    if (!Object.keys(changes).length) return;
    const owners = await participants(tx, eventId);
    const told = await writeNotices(
      tx,
      owners.map((ownerId) => ({
        ownerId,
        notificationType: 'event_changed' as const,
        detail: event.title,
        eventId,
        eventChanges: changes,
      })),
      { replaceUnread: true },
    );
    await publishRequests(deps, told, tx);
  });
}

/**
 * The values an event notice's text takes, in `locale`: `time`, a reminder's start (Ljubljana time);
 * `changes`, what moved ("new date Saturday, 12 April · new place Park Tivoli, Ljubljana").
 */
export function eventNoticeValues(
  locale: Locale,
  notice: { eventChanges: EventChanges | null; eventStartsAt: Date | null },
) {
  const { eventChanges: changes, eventStartsAt: startsAt } = notice;
  const parts: string[] = [];
  if (changes?.date) {
    const date = longDate(new Date(`${changes.date}T12:00:00Z`), locale, {
      weekday: true,
      year: false,
      timeZone: 'UTC',
    });
    parts.push(formatMessage(locale, 'push.event_changed.date', { date }));
  }
  if (changes?.time) parts.push(formatMessage(locale, 'push.event_changed.time', { time: changes.time }));
  if (changes?.place) parts.push(formatMessage(locale, 'push.event_changed.place', { place: changes.place }));
  return { time: startsAt ? inLjubljana(startsAt).time : '', changes: parts.join(' · ') };
}
