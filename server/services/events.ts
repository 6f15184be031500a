import { and, asc, eq, exists, gt, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { eventInstant, eventWeeks } from '../../src/domain/event-time';
import { isUpcoming } from '../../src/domain/events';
import { AppError } from '../../src/errors';
import { LIMITS } from '../../src/limits';
import type { eventCreateInput, eventListInput, eventUpdateInput } from '../../src/schemas/events';
import type { Photo } from '../../src/schemas/uploads';
import type { DbOrTx, Tx } from '../db/client';
import { eventAttendees, events, profiles } from '../db/schema';
import { lockStreams } from '../realtime/stream-lock';
import * as attendance from './attendance';
import type { ServiceDeps } from './deps';
import { activeUser, hiddenFrom, shownTo } from './visibility';
import { publishRequests } from './notifications';
import { attachUploads, photoOf, releaseUploads, removeUploadFiles } from './uploads';

type EventRow = typeof events.$inferSelect;

export interface EventView {
  id: string;
  title: string;
  description: string | null;
  eventDate: string;
  eventTime: string;
  startsAt: Date;
  locationName: string;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  city: string;
  maxAttendees: number;
  currentAttendees: number;
  eventType: EventRow['eventType'];
  image: Photo | null;
  imageKey: string | null;
  creator: { userId: string; fullName: string; photo: Photo | null };
  isMine: boolean;
  isAttending: boolean;
}

export interface Attendee {
  /** Null, with no name or photo, for someone hidden from the viewer (a block either way, a suspension). */
  userId: string | null;
  fullName: string;
  photo: Photo | null;
  joinedAt: Date;
  isCreator: boolean;
}

/** The events, with their creator and whether `userId` attends, as the list and the dialogs show them. */
async function eventViews(deps: ServiceDeps, userId: string | null, where: SQL | undefined, limit?: number) {
  const attending = userId
    ? exists(
        deps.db
          .select({ one: sql`1` })
          .from(eventAttendees)
          .where(and(eq(eventAttendees.eventId, events.id), eq(eventAttendees.userId, userId))),
      )
    : sql<boolean>`false`;
  // Nothing of a creator hidden from the viewer, or suspended, is shown.
  const shown = userId ? shownTo(userId, events.userId) : activeUser(events.userId);
  const query = deps.db
    .select({ event: events, fullName: profiles.fullName, photoUrl: profiles.photoUrl, attending })
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .where(and(where, shown))
    .orderBy(asc(events.startsAt), asc(events.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(({ event, fullName, photoUrl, attending: isAttending }): EventView => {
    const { userId: creatorId, imageUrl, searchText: _s, createdAt: _c, updatedAt: _u, ...fields } = event;
    return {
      ...fields,
      description: event.description,
      image: imageUrl ? photoOf(deps.storage, imageUrl) : null,
      imageKey: imageUrl,
      creator: {
        userId: creatorId,
        fullName: fullName ?? '',
        photo: photoUrl ? photoOf(deps.storage, photoUrl) : null,
      },
      isMine: creatorId === userId,
      isAttending: Boolean(isAttending),
    };
  });
}

/** `%text%` for LIKE, lower-case like `search_text`, with the pattern characters in the text taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Upcoming events, soonest first, narrowed by type, filter (DECISIONS 8) and search, a page at a time:
 * `cursor` is the last event of the previous page.
 */
export async function listEvents(
  deps: ServiceDeps,
  userId: string | null,
  input: z.output<typeof eventListInput>,
): Promise<EventView[]> {
  const now = new Date();
  const conditions: Array<SQL | undefined> = [gt(events.startsAt, now)];
  if (input?.cursor)
    conditions.push(
      sql`(${events.startsAt}, ${events.id}) > (select e.starts_at, e.id from ${events} e where e.id = ${input.cursor})`,
    );
  if (input?.type) conditions.push(eq(events.eventType, input.type));
  if (input?.search) conditions.push(like(events.searchText, containing(input.search)));
  const filter = input?.filter;
  if (filter === 'thisWeek' || filter === 'nextWeek') {
    const week = eventWeeks(now)[filter];
    conditions.push(gte(events.startsAt, week.from), lt(events.startsAt, week.to));
  } else if (filter) {
    if (!userId) throw new AppError('UNAUTHENTICATED');
    // Mine: created or joined; the two small sets come from their indexes, not from a scan of all events.
    if (filter === 'mine')
      conditions.push(
        sql`${events.id} in (select e.id from ${events} e where e.user_id = ${userId}
          union all select a.event_id from ${eventAttendees} a where a.user_id = ${userId})`,
      );
    else conditions.push(await nearby(deps.db, userId));
  }
  return eventViews(deps, userId, and(...conditions), LIMITS.event.pageSize);
}

/** Events in my profile's city, or in its country when the profile names no city. */
async function nearby(db: DbOrTx, userId: string): Promise<SQL | undefined> {
  const [me] = await db
    .select({ location: profiles.location, country: profiles.countryCode })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!me) return sql`false`;
  return me.location
    ? and(eq(events.country, me.country), eq(events.city, me.location))
    : eq(events.country, me.country);
}

export async function eventById(deps: ServiceDeps, userId: string | null, id: string): Promise<EventView> {
  const [view] = await eventViews(deps, userId, eq(events.id, id));
  if (!view) throw new AppError('NOT_FOUND');
  return view;
}

/**
 * The creator first (labelled), then everyone who joined, in the order they joined; someone hidden from the
 * viewer stays counted but shows nothing that identifies them.
 */
export async function attendees(
  deps: ServiceDeps,
  viewerId: string | null,
  eventId: string,
): Promise<Attendee[]> {
  const [event] = await deps.db
    .select({
      userId: events.userId,
      createdAt: events.createdAt,
      fullName: profiles.fullName,
      photoUrl: profiles.photoUrl,
    })
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .where(
      and(eq(events.id, eventId), viewerId ? shownTo(viewerId, events.userId) : activeUser(events.userId)),
    );
  if (!event) throw new AppError('NOT_FOUND');
  const rows = await deps.db
    .select({
      userId: eventAttendees.userId,
      joinedAt: eventAttendees.joinedAt,
      fullName: profiles.fullName,
      photoUrl: profiles.photoUrl,
      hidden: viewerId
        ? sql<boolean>`${hiddenFrom(viewerId, eventAttendees.userId)}`
        : sql<boolean>`not ${activeUser(eventAttendees.userId)}`,
    })
    .from(eventAttendees)
    .leftJoin(profiles, eq(profiles.userId, eventAttendees.userId))
    .where(eq(eventAttendees.eventId, eventId))
    .orderBy(asc(eventAttendees.joinedAt), asc(eventAttendees.id));
  const person = (row: { userId: string; fullName: string | null; photoUrl: string | null }) => ({
    userId: row.userId,
    fullName: row.fullName ?? '',
    photo: row.photoUrl ? photoOf(deps.storage, row.photoUrl) : null,
  });
  return [
    { ...person(event), joinedAt: event.createdAt, isCreator: true },
    ...rows.map((row) => ({
      ...(row.hidden ? { userId: null, fullName: '', photo: null } : person(row)),
      joinedAt: row.joinedAt,
      isCreator: false,
    })),
  ];
}

type EventInput = z.output<typeof eventCreateInput>;

const columnsOf = (input: EventInput) => ({
  title: input.title,
  description: input.description,
  eventDate: input.eventDate,
  eventTime: input.eventTime,
  startsAt: eventInstant(input.eventDate, input.eventTime),
  locationName: input.locationName,
  country: input.country,
  city: input.location,
  maxAttendees: input.maxAttendees,
  eventType: input.eventType,
  imageUrl: input.imageKey,
});

/**
 * DECISIONS 9: at most LIMITS.upcomingEventsPerUser upcoming events per creator. The creator's lock makes
 * two simultaneous creations count each other.
 */
async function checkUpcomingCap(tx: Tx, userId: string, except?: string) {
  await lockStreams(tx, `events-of:${userId}`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        gt(events.startsAt, new Date()),
        except ? sql`${events.id} <> ${except}` : undefined,
      ),
    );
  if ((row?.count ?? 0) >= LIMITS.upcomingEventsPerUser)
    throw new AppError('EVENT_LIMIT', { max: LIMITS.upcomingEventsPerUser });
}

export async function createEvent(deps: ServiceDeps, userId: string, input: EventInput): Promise<EventView> {
  const id = await deps.db.transaction(async (tx) => {
    await checkUpcomingCap(tx, userId);
    if (input.imageKey) await attachUploads(tx, userId, 'event', [input.imageKey]);
    const [created] = await tx
      .insert(events)
      .values({ ...columnsOf(input), userId })
      .returning({ id: events.id });
    return created!.id;
  });
  return eventById(deps, userId, id);
}

/** The creator's event, locked for the rest of the transaction; anyone else's does not exist. */
async function ownEventForUpdate(tx: Tx, userId: string, id: string) {
  const [event] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.userId, userId)))
    .for('update');
  if (!event) throw new AppError('NOT_FOUND');
  return event;
}

export async function updateEvent(
  deps: ServiceDeps,
  userId: string,
  { id, ...input }: z.output<typeof eventUpdateInput>,
): Promise<EventView> {
  const { removed, told } = await deps.db.transaction(async (tx) => {
    const current = await ownEventForUpdate(tx, userId, id);
    // A past event moved into the future counts against the cap like a new one.
    if (!isUpcoming(current)) await checkUpcomingCap(tx, userId, id);
    if (input.maxAttendees < current.currentAttendees)
      throw new AppError('EVENT_MAX_BELOW_ATTENDEES', { current: current.currentAttendees });
    const replaced = current.imageUrl !== input.imageKey;
    if (replaced && input.imageKey) await attachUploads(tx, userId, 'event', [input.imageKey]);
    const released = replaced && current.imageUrl ? await releaseUploads(tx, userId, [current.imageUrl]) : [];
    await tx
      .update(events)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(events.id, id));
    const next = columnsOf(input);
    // Who joined must hear when or where it now is (not of a new title or description).
    const moved =
      next.startsAt.getTime() !== current.startsAt.getTime() ||
      next.locationName !== current.locationName ||
      next.city !== current.city ||
      next.country !== current.country;
    const told =
      moved && isUpcoming({ startsAt: next.startsAt })
        ? await attendance.noticeEventChanged(tx, id, next.title)
        : [];
    return { removed: released, told };
  });
  await removeUploadFiles(deps.storage, removed, deps.log);
  await publishRequests(deps, told);
  return eventById(deps, userId, id);
}

/** The creator deletes the event; everyone who had joined an upcoming one gets a cancellation notice. */
export async function removeEvent(deps: ServiceDeps, userId: string, id: string) {
  const { released, told } = await deps.db.transaction(async (tx) => {
    const current = await ownEventForUpdate(tx, userId, id);
    const told = await attendance.cancelAttendance(tx, eq(events.id, id));
    const released = current.imageUrl ? await releaseUploads(tx, userId, [current.imageUrl]) : [];
    await tx.delete(events).where(eq(events.id, id));
    return { released, told };
  });
  await removeUploadFiles(deps.storage, released, deps.log);
  await publishRequests(deps, told);
  return { id };
}

export async function joinEvent(deps: ServiceDeps, userId: string, id: string): Promise<EventView> {
  await deps.db.transaction((tx) => attendance.join(tx, id, userId));
  return eventById(deps, userId, id);
}

export async function leaveEvent(deps: ServiceDeps, userId: string, id: string): Promise<EventView> {
  await deps.db.transaction((tx) => attendance.leave(tx, id, userId));
  return eventById(deps, userId, id);
}
