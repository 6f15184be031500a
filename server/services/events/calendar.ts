import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { createEvents, type EventAttributes } from 'ics';
import { countryName } from '#shared/data/countries';
import { isLocale, type Locale } from '#shared/i18n';
import { EVENT_PARAM } from '#shared/domain/events';
import { AppError } from '#shared/errors';
import type { DbOrTx } from '../../db/client';
import { calendarFeeds, events, profiles, users } from '../../db/schema';
import { formatMessage } from '../../locales';
import { eventsOf } from './attendance';
import { finishCalendar } from './ical-text';
import { activeUser, shownTo } from '../safety/visibility';

/**
 * Calendars (issue 21): one event as an .ics file, and each user's private feed of every event they created
 * or have a seat at, behind a secret URL (only the token's SHA-256 is stored; a new token replaces it, and
 * revoking deletes it). Start times are the events' Ljubljana wall-clock times as exact instants (UTC), so
 * every calendar shows them right in its own zone; the calendar names Europe/Ljubljana as its zone. An event
 * ends its duration (events.duration_minutes) after its start.
 *
 * No ORGANIZER (issue 30): its value must be the organiser's address (a mailto: URI), which we do not
 * publish, and a made-up one would invite replies nobody reads; the organiser's name opens the description
 * instead. Without an ORGANIZER the file is a plain calendar, not a scheduling message, so it has no METHOD
 * either (RFC 5546 wants an ORGANIZER in every PUBLISH).
 */

/** A feed also keeps the events of the last days, so a calendar does not drop them the moment they start. */
const FEED_PAST_DAYS = 30;

type EventRow = typeof events.$inferSelect;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

interface Options {
  publicUrl: string;
  locale: Locale;
}

function attributes(
  event: EventRow,
  organiser: string | null,
  { publicUrl, locale }: Options,
): EventAttributes {
  const start = event.startsAt.getTime();
  const description = [
    organiser ? formatMessage(locale, 'events.organizedBy', { name: organiser }) : null,
    event.description,
  ].filter(Boolean);
  return {
    uid: `${event.id}@tacke`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: start + event.durationMinutes * 60_000,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    ...(description.length ? { description: description.join('\n\n') } : {}),
    location: `${event.locationName}, ${event.city}, ${countryName(event.country, locale)}`,
    url: `${publicUrl}/events?${EVENT_PARAM}=${event.id}`,
    status: 'CONFIRMED',
    lastModified: event.updatedAt.getTime(),
  };
}

/** The events as one iCalendar text (RFC 5545). */
function calendarOf(
  rows: Array<{ event: EventRow; organiser: string | null }>,
  options: Options,
  name: string,
) {
  const { error, value } = createEvents(
    rows.map((row) => attributes(row.event, row.organiser, options)),
    // '' leaves out the package's default METHOD:PUBLISH (see above).
    { productId: 'tacke/events', calName: name, method: '' },
  );
  if (error || value === null) throw error ?? new Error('calendar not built');
  return finishCalendar(value);
}

/** One event's .ics, as anyone who can see the event sees it (visitors too); null when it is not to be seen. */
export async function eventCalendar(db: DbOrTx, viewerId: string | null, eventId: string, options: Options) {
  const [row] = await db
    .select({ event: events, organiser: profiles.fullName })
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .where(
      and(eq(events.id, eventId), viewerId ? shownTo(viewerId, events.userId) : activeUser(events.userId)),
    );
  return row ? calendarOf([row], options, row.event.title) : null;
}

/**
 * The feed behind `token`, in its owner's language: null when no feed has it (never made, regenerated or
 * revoked).
 */
export async function feedCalendar(
  db: DbOrTx,
  token: string,
  publicUrl: string,
  name: (locale: Locale) => string,
) {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId, locale: users.locale })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hash(token)));
  if (!feed) return null;
  const rows = await db
    .select({ event: events, organiser: profiles.fullName })
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .where(
      and(
        gt(events.startsAt, sql`now() - make_interval(days => ${FEED_PAST_DAYS})`),
        eventsOf(feed.userId, { seated: true }),
        shownTo(feed.userId, events.userId),
      ),
    )
    .orderBy(asc(events.startsAt));
  const locale = isLocale(feed.locale) ? feed.locale : 'sl';
  return calendarOf(rows, { publicUrl, locale }, name(locale));
}

/** Whether the user has a feed, and since when (its URL was shown once, when it was made). */
export async function feedStatus(db: DbOrTx, userId: string) {
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { createdAt: feed?.createdAt ?? null };
}

/** A new secret feed address for the user (any earlier one stops working); shown to them this once. */
export async function createFeed(db: DbOrTx, userId: string, publicUrl: string) {
  const token = randomBytes(32).toString('base64url');
  const values = { tokenHash: hash(token), createdAt: new Date() };
  await db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
  const https = new URL(`${publicUrl}/api/calendar/${token}.ics`);
  // webcal: the same address, which calendar apps open as a subscription.
  return { url: https.href, webcal: `webcal://${https.host}${https.pathname}`, createdAt: values.createdAt };
}

export async function revokeFeed(db: DbOrTx, userId: string) {
  const removed = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  if (!removed.length) throw new AppError('NOT_FOUND');
  return { ok: true as const };
}
