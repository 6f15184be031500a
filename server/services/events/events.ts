import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, like, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays, daysBetween, eventInstant, eventWeeks, seriesDates } from '#shared/domain/event-time';
import { type AttendanceStatus, isUpcoming, type SeriesScope } from '#shared/domain/events';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type {
  Attendee,
  EventView,
  eventCreateInput,
  eventListInput,
  eventUpdateInput,
  pastEventsInput,
} from '#shared/schemas/events';
import type { DbOrTx, Tx } from '../../db/client';
import { eventAttendees, events, profiles } from '../../db/schema';
import { lockStreams } from '../../realtime/stream-lock';
import * as attendance from './attendance';
import type { ServiceDeps } from '../deps';
import { unreadByEvent } from '../chat/event-chat';
import { activeUser, hiddenFrom, shownTo } from '../safety/visibility';
import { publishRequests } from '../notices/notifications';
import { attachUploads, photoOf, releaseUploads, removeUploadFiles } from '../uploads';

type EventRow = typeof events.$inferSelect;

/** The events, with their creator and whether `userId` attends, as the list and the dialogs show them. */
async function eventViews(
  deps: ServiceDeps,
  userId: string | null,
  where: SQL | undefined,
  { limit, newestFirst = false }: { limit?: number; newestFirst?: boolean } = {},
) {
  // My row of each event (one index probe), with my place in line where I wait.
  const me = deps.db
    .select({
      status: sql<AttendanceStatus>`a.status`.as('my_status'),
      position: sql<number | null>`case when a.status = 'waiting' then (select count(*)::int
        from ${eventAttendees} w where w.event_id = a.event_id and w.status = 'waiting'
          and (w.joined_at, w.id) <= (a.joined_at, a.id)) end`.as('my_position'),
    })
    .from(sql`${eventAttendees} a`)
    .where(sql`a.event_id = ${events.id} and a.user_id = ${userId}`)
    .as('me');
  // Nothing of a creator hidden from the viewer, or suspended, is shown.
  const shown = userId ? shownTo(userId, events.userId) : activeUser(events.userId);
  let query = deps.db
    .select({
      event: events,
      fullName: profiles.fullName,
      photoUrl: profiles.photoUrl,
      status: userId ? me.status : sql<AttendanceStatus | null>`null`,
      position: userId ? me.position : sql<number | null>`null`,
    })
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .$dynamic();
  if (userId) query = query.leftJoinLateral(me, sql`true`);
  query = query
    .where(and(where, shown))
    .orderBy(
      ...(newestFirst ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)]),
    );
  const rows = limit ? await query.limit(limit) : await query;
  const unread = userId
    ? await unreadByEvent(
        deps.db,
        userId,
        rows.map((row) => row.event.id),
      )
    : new Map<string, number>();
  return rows.map(({ event, fullName, photoUrl, status: myStatus, position }): EventView => {
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
      isAttending: myStatus === 'going',
      myStatus,
      waitlistPosition: position,
      unreadMessages: unread.get(event.id) ?? 0,
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
    if (filter === 'mine') conditions.push(attendance.eventsOf(userId));
    else conditions.push(await nearby(deps.db, userId));
  }
  return eventViews(deps, userId, and(...conditions), { limit: LIMITS.event.pageSize });
}

/** My history: events that have started which I created or had a seat at, the latest first, a page at a time. */
export async function pastEvents(
  deps: ServiceDeps,
  userId: string,
  input: z.output<typeof pastEventsInput>,
): Promise<EventView[]> {
  const conditions: Array<SQL | undefined> = [
    lte(events.startsAt, new Date()),
    attendance.eventsOf(userId, { seated: true }),
  ];
  if (input?.cursor)
    conditions.push(
      sql`(${events.startsAt}, ${events.id}) < (select e.starts_at, e.id from ${events} e where e.id = ${input.cursor})`,
    );
  return eventViews(deps, userId, and(...conditions), { limit: LIMITS.event.pageSize, newestFirst: true });
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
 * The creator first (labelled), then everyone with a seat, in the order they joined; the organiser also sees
 * the waitlist (in its order) and the requests to approve. Someone hidden from the viewer stays counted but
 * shows nothing that identifies them.
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
      status: eventAttendees.status,
      fullName: profiles.fullName,
      photoUrl: profiles.photoUrl,
      hidden: viewerId
        ? sql<boolean>`${hiddenFrom(viewerId, eventAttendees.userId)}`
        : sql<boolean>`not ${activeUser(eventAttendees.userId)}`,
    })
    .from(eventAttendees)
    .leftJoin(profiles, eq(profiles.userId, eventAttendees.userId))
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        event.userId === viewerId ? ne(eventAttendees.status, 'removed') : eq(eventAttendees.status, 'going'),
      ),
    )
    .orderBy(
      sql`array_position(array['going','waiting','pending']::attendance_status[], ${eventAttendees.status})`,
      asc(eventAttendees.joinedAt),
      asc(eventAttendees.id),
    );
  const person = (row: { userId: string; fullName: string | null; photoUrl: string | null }) => ({
    userId: row.userId,
    fullName: row.fullName ?? '',
    photo: row.photoUrl ? photoOf(deps.storage, row.photoUrl) : null,
  });
  return [
    { ...person(event), joinedAt: event.createdAt, isCreator: true, status: 'going' },
    ...rows.map((row) => ({
      ...(row.hidden ? { userId: null, fullName: '', photo: null } : person(row)),
      joinedAt: row.joinedAt,
      isCreator: false,
      status: row.status as Attendee['status'],
    })),
  ];
}

type EventInput = Omit<z.output<typeof eventCreateInput>, 'repeat'>;

const columnsOf = (input: EventInput) => ({
  title: input.title,
  description: input.description,
  eventDate: input.eventDate,
  eventTime: input.eventTime,
  startsAt: eventInstant(input.eventDate, input.eventTime),
  // An update that leaves it out keeps each occurrence's own.
  ...(input.durationMinutes !== undefined && { durationMinutes: input.durationMinutes }),
  locationName: input.locationName,
  country: input.country,
  city: input.location,
  maxAttendees: input.maxAttendees,
  eventType: input.eventType,
  imageUrl: input.imageKey,
  requiresApproval: input.requiresApproval,
});

/**
 * DECISIONS 9: at most LIMITS.upcomingEventsPerUser upcoming events per creator; a recurring series counts
 * as one. The creator's lock makes two simultaneous creations count each other.
 */
async function checkUpcomingCap(tx: Tx, userId: string, except?: { id: string; seriesId: string | null }) {
  await lockStreams(tx, `events-of:${userId}`);
  const [row] = await tx
    .select({ count: sql<number>`count(distinct coalesce(${events.seriesId}, ${events.id}))::int` })
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        gt(events.startsAt, new Date()),
        except
          ? sql`coalesce(${events.seriesId}, ${events.id}) <> ${except.seriesId ?? except.id}`
          : undefined,
      ),
    );
  if ((row?.count ?? 0) >= LIMITS.upcomingEventsPerUser)
    throw new AppError('EVENT_LIMIT', { max: LIMITS.upcomingEventsPerUser });
}

/** Creates an event, or each occurrence of a recurring series; the creator holds a seat of each. */
export async function createEvent(
  deps: ServiceDeps,
  userId: string,
  { repeat, ...input }: z.output<typeof eventCreateInput>,
): Promise<EventView> {
  const dates = repeat ? seriesDates(input.eventDate, repeat.everyWeeks, repeat.until) : [input.eventDate];
  const created = await deps.db.transaction(async (tx) => {
    await checkUpcomingCap(tx, userId);
    if (input.imageKey) await attachUploads(tx, userId, 'event', [input.imageKey]);
    const seriesId = repeat ? randomUUID() : null;
    return tx
      .insert(events)
      .values(
        dates.map((eventDate) => ({
          ...columnsOf({ ...input, eventDate }),
          userId,
          seriesId,
          currentAttendees: 1,
        })),
      )
      .returning({ id: events.id, startsAt: events.startsAt });
  });
  await deps.notify.eventReminders(created);
  return eventById(deps, userId, created[0]!.id);
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

/** The occurrences `scope` reaches from `event`: itself, or every upcoming one of its series (locked). */
async function occurrences(tx: Tx, event: EventRow, scope: SeriesScope): Promise<EventRow[]> {
  if (scope === 'one' || !event.seriesId) return [event];
  return tx
    .select()
    .from(events)
    .where(
      and(
        eq(events.seriesId, event.seriesId),
        eq(events.userId, event.userId),
        gt(events.startsAt, new Date()),
      ),
    )
    .orderBy(asc(events.startsAt))
    .for('update');
}

/**
 * Of `keys`, the uploads no event uses any more (a series shares its image), forgotten; their files go after
 * the commit.
 */
export async function releaseUnusedImages(tx: Tx, userId: string, keys: Array<string | null>) {
  const candidates = [...new Set(keys.filter((key): key is string => !!key))];
  if (!candidates.length) return [];
  const used = await tx
    .select({ key: events.imageUrl })
    .from(events)
    .where(inArray(events.imageUrl, candidates));
  const unused = candidates.filter((key) => !used.some((row) => row.key === key));
  return releaseUploads(tx, userId, unused);
}

/** What attendees are told of when it changes: when and where (not a new title or description). */
const placeOf = (event: Pick<EventRow, 'eventDate' | 'eventTime' | 'locationName' | 'city' | 'country'>) => ({
  eventDate: event.eventDate,
  eventTime: event.eventTime,
  locationName: event.locationName,
  city: event.city,
  country: event.country,
});

/**
 * Saves the creator's changes to one occurrence or, with scope 'series', to every upcoming one (a new date
 * moves each by as many days). Added seats go to the waitlist; attendees hear of a new time or place a few
 * minutes later (one notice for a burst of edits), and reminders follow the new time.
 */
export async function updateEvent(
  deps: ServiceDeps,
  userId: string,
  { id, scope, ...input }: z.output<typeof eventUpdateInput>,
): Promise<EventView> {
  const { removed, seated, moved } = await deps.db.transaction(async (tx) => {
    const current = await ownEventForUpdate(tx, userId, id);
    // A past event moved into the future counts against the cap like a new one.
    if (!isUpcoming(current)) await checkUpcomingCap(tx, userId, current);
    const shift = daysBetween(current.eventDate, input.eventDate);
    const targets = await occurrences(tx, current, isUpcoming(current) ? scope : 'one');
    const replaced = current.imageUrl !== input.imageKey;
    if (replaced && input.imageKey) await attachUploads(tx, userId, 'event', [input.imageKey]);
    const seated: string[] = [];
    const moved: Array<{ id: string; startsAt: Date; before: ReturnType<typeof placeOf> }> = [];
    for (const occurrence of targets) {
      if (input.maxAttendees < occurrence.currentAttendees)
        throw new AppError('EVENT_MAX_BELOW_ATTENDEES', { current: occurrence.currentAttendees });
      const eventDate = occurrence.id === id ? input.eventDate : addDays(occurrence.eventDate, shift);
      const next = columnsOf({ ...input, eventDate });
      await tx
        .update(events)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(events.id, occurrence.id));
      seated.push(...(await attendance.settle(tx, occurrence.id)));
      if (JSON.stringify(placeOf(next)) !== JSON.stringify(placeOf(occurrence)))
        moved.push({ id: occurrence.id, startsAt: next.startsAt, before: placeOf(occurrence) });
    }
    const removed = replaced
      ? await releaseUnusedImages(
          tx,
          userId,
          targets.map((e) => e.imageUrl),
        )
      : [];
    return { removed, seated, moved };
  });
  await removeUploadFiles(deps.storage, removed, deps.log);
  await publishRequests(deps, seated);
  for (const change of moved) await deps.notify.eventChanged(change.id, change.before);
  await deps.notify.eventReminders(moved);
  return eventById(deps, userId, id);
}

/**
 * The creator cancels the event (or every upcoming occurrence of its series): everyone taking part gets a
 * cancellation notice.
 */
export async function removeEvent(deps: ServiceDeps, userId: string, id: string, scope: SeriesScope = 'one') {
  const { released, told } = await deps.db.transaction(async (tx) => {
    const current = await ownEventForUpdate(tx, userId, id);
    const targets = await occurrences(tx, current, isUpcoming(current) ? scope : 'one');
    const ids = targets.map((event) => event.id);
    const told = await attendance.cancelAttendance(tx, inArray(events.id, ids));
    await tx.delete(events).where(inArray(events.id, ids));
    const released = await releaseUnusedImages(
      tx,
      userId,
      targets.map((event) => event.imageUrl),
    );
    return { released, told };
  });
  await removeUploadFiles(deps.storage, released, deps.log);
  await publishRequests(deps, told);
  return { id };
}

/** Publishes an attendance change and schedules the reminders of a new seat. */
async function afterAttendance(deps: ServiceDeps, eventId: string, change: attendance.AttendanceChange) {
  await publishRequests(deps, change.told);
  if (change.status === 'going' || change.told.length) {
    const [event] = await deps.db
      .select({ id: events.id, startsAt: events.startsAt })
      .from(events)
      .where(eq(events.id, eventId));
    if (event) await deps.notify.eventReminders([event]);
  }
}

export async function joinEvent(
  deps: ServiceDeps,
  userId: string,
  input: { id: string; waitlist: boolean },
): Promise<EventView> {
  const change = await deps.db.transaction((tx) =>
    attendance.join(tx, input.id, userId, { waitlist: input.waitlist }),
  );
  await afterAttendance(deps, input.id, change);
  return eventById(deps, userId, input.id);
}

export async function leaveEvent(deps: ServiceDeps, userId: string, id: string): Promise<EventView> {
  const change = await deps.db.transaction((tx) => attendance.leave(tx, id, userId));
  await afterAttendance(deps, id, change);
  return eventById(deps, userId, id);
}

/** The organiser removes someone from their event; the list as the organiser sees it after. */
export async function removeAttendee(
  deps: ServiceDeps,
  organiserId: string,
  eventId: string,
  userId: string,
) {
  const change = await deps.db.transaction((tx) =>
    attendance.removeAttendee(tx, organiserId, eventId, userId),
  );
  await afterAttendance(deps, eventId, change);
  return attendees(deps, organiserId, eventId);
}

/** The organiser approves or declines a request to join; the list as the organiser sees it after. */
export async function decideAttendee(
  deps: ServiceDeps,
  organiserId: string,
  input: { eventId: string; userId: string; approve: boolean },
) {
  const change = await deps.db.transaction((tx) =>
    attendance.decide(tx, organiserId, input.eventId, input.userId, input.approve),
  );
  await afterAttendance(deps, input.eventId, change);
  return attendees(deps, organiserId, input.eventId);
}
