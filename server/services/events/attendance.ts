import { and, asc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { type AttendanceStatus, isFull, isUpcoming } from '#shared/domain/events';
import type { NotificationType } from '#shared/domain/requests';
import { AppError } from '#shared/errors';
import type { Tx } from '../../db/client';
import { eventAttendees, events } from '../../db/schema';
import { noticeEventCancelled, writeNotices } from '../notices/notifications';
import { shownTo } from '../safety/visibility';

/**
 * Who takes part in which event, and how: a seat (going), a place on the waitlist, a request waiting for the
 * organiser's approval. `events.current_attendees` (the creator's seat and every `going` row) is kept here
 * only, always under the event's row lock, so joins, leaves, removals and promotions from the waitlist on
 * one event run one at a time: the count stays true and a freed seat goes to exactly one person, the first
 * in line.
 */

type EventRow = typeof events.$inferSelect;

/** What a change of attendance did: who must hear of it (notices written; publish after the commit). */
export interface AttendanceChange {
  status: AttendanceStatus | null;
  told: string[];
}

/** The event locked for the rest of the transaction. */
async function eventForUpdate(tx: Tx, id: string) {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!event) throw new AppError('NOT_FOUND');
  return event;
}

const countChange = (delta: number) => ({ currentAttendees: sql`${events.currentAttendees} + ${delta}` });

const attendeeOf = (eventId: string, userId: string) =>
  and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId));

/** Notices about `event` to `owners`, of one type. */
const noticeAbout = (tx: Tx, event: EventRow, type: NotificationType, owners: string[]) =>
  writeNotices(
    tx,
    owners.map((ownerId) => ({ ownerId, notificationType: type, detail: event.title, eventId: event.id })),
  );

/**
 * Gives free seats to the first in line, one each, under the event's lock (the caller holds it); each is
 * told. Returns who got one.
 */
async function promote(tx: Tx, eventId: string): Promise<string[]> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  if (!event || !isUpcoming(event)) return [];
  const free = event.maxAttendees - event.currentAttendees;
  if (free <= 0) return [];
  const first = await tx
    .select({ id: eventAttendees.id, userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'waiting')))
    .orderBy(asc(eventAttendees.joinedAt), asc(eventAttendees.id))
    .limit(free);
  if (!first.length) return [];
  await tx
    .update(eventAttendees)
    .set({ status: 'going' })
    .where(
      inArray(
        eventAttendees.id,
        first.map((row) => row.id),
      ),
    );
  await tx.update(events).set(countChange(first.length)).where(eq(events.id, eventId));
  const seated = first.map((row) => row.userId);
  await noticeAbout(tx, event, 'event_seat', seated);
  return seated;
}

/**
 * Joins an upcoming event that is not the user's own: a seat while there is one; else, with `waitlist`, a
 * place in line (EVENT_FULL without). An event that needs approval takes a request, and its organiser is
 * told. Joining again changes nothing; someone the organiser removed cannot come back.
 */
export async function join(
  tx: Tx,
  eventId: string,
  userId: string,
  { waitlist }: { waitlist: boolean },
): Promise<AttendanceChange> {
  const event = await eventForUpdate(tx, eventId);
  if (!isUpcoming(event)) throw new AppError('NOT_FOUND');
  // The creator hidden from the user (a block either way): the event does not exist for them.
  const [shown] = await tx
    .select({ one: sql`1` })
    .from(events)
    .where(and(eq(events.id, eventId), shownTo(userId, events.userId)));
  if (!shown) throw new AppError('NOT_FOUND');
  if (event.userId === userId) throw new AppError('EVENT_OWN');
  const [already] = await tx
    .select({ status: eventAttendees.status })
    .from(eventAttendees)
    .where(attendeeOf(eventId, userId));
  if (already?.status === 'removed') throw new AppError('EVENT_REMOVED');
  if (already) return { status: already.status, told: [] };
  if (event.requiresApproval) {
    await tx.insert(eventAttendees).values({ eventId, userId, status: 'pending' });
    await noticeAbout(tx, event, 'event_join_request', [event.userId]);
    return { status: 'pending', told: [event.userId] };
  }
  if (!isFull(event)) {
    await tx.insert(eventAttendees).values({ eventId, userId, status: 'going' });
    await tx.update(events).set(countChange(1)).where(eq(events.id, eventId));
    return { status: 'going', told: [] };
  }
  if (!waitlist) throw new AppError('EVENT_FULL');
  await tx.insert(eventAttendees).values({ eventId, userId, status: 'waiting' });
  return { status: 'waiting', told: [] };
}

/** Leaves an event (a seat, the waitlist or a request); leaving one not joined changes nothing. */
export async function leave(tx: Tx, eventId: string, userId: string): Promise<AttendanceChange> {
  await eventForUpdate(tx, eventId);
  // A removed person's row stays: it keeps them from joining again.
  const [left] = await tx
    .delete(eventAttendees)
    .where(and(attendeeOf(eventId, userId), ne(eventAttendees.status, 'removed')))
    .returning({ status: eventAttendees.status });
  if (left?.status !== 'going') return { status: null, told: [] };
  await tx.update(events).set(countChange(-1)).where(eq(events.id, eventId));
  return { status: null, told: await promote(tx, eventId) };
}

/** The organiser's event, locked; anyone else's does not exist. */
async function ownEventForUpdate(tx: Tx, organiserId: string, eventId: string) {
  const event = await eventForUpdate(tx, eventId);
  if (event.userId !== organiserId) throw new AppError('NOT_FOUND');
  return event;
}

/** The organiser removes someone (seat, waitlist or request): they are told and cannot join again. */
export async function removeAttendee(
  tx: Tx,
  organiserId: string,
  eventId: string,
  userId: string,
): Promise<AttendanceChange> {
  const event = await ownEventForUpdate(tx, organiserId, eventId);
  const [row] = await tx
    .select({ status: eventAttendees.status })
    .from(eventAttendees)
    .where(and(attendeeOf(eventId, userId), ne(eventAttendees.status, 'removed')));
  if (!row) throw new AppError('NOT_FOUND');
  await tx.update(eventAttendees).set({ status: 'removed' }).where(attendeeOf(eventId, userId));
  await noticeAbout(tx, event, 'event_removed', [userId]);
  if (row.status !== 'going') return { status: 'removed', told: [userId] };
  await tx.update(events).set(countChange(-1)).where(eq(events.id, eventId));
  return { status: 'removed', told: [userId, ...(await promote(tx, eventId))] };
}

/**
 * The organiser answers a request to join: approved, it takes a seat if there is one and a place in line
 * otherwise; declined, the person cannot ask again. Either way they are told.
 */
export async function decide(
  tx: Tx,
  organiserId: string,
  eventId: string,
  userId: string,
  approve: boolean,
): Promise<AttendanceChange> {
  const event = await ownEventForUpdate(tx, organiserId, eventId);
  const [row] = await tx
    .select({ status: eventAttendees.status })
    .from(eventAttendees)
    .where(and(attendeeOf(eventId, userId), eq(eventAttendees.status, 'pending')));
  if (!row) throw new AppError('NOT_FOUND');
  if (!approve) {
    await tx.update(eventAttendees).set({ status: 'removed' }).where(attendeeOf(eventId, userId));
    await noticeAbout(tx, event, 'event_declined', [userId]);
    return { status: 'removed', told: [userId] };
  }
  const status = isFull(event) ? 'waiting' : 'going';
  // In line by the time of approval: those already waiting came first.
  await tx.update(eventAttendees).set({ status, joinedAt: new Date() }).where(attendeeOf(eventId, userId));
  if (status === 'going') await tx.update(events).set(countChange(1)).where(eq(events.id, eventId));
  await noticeAbout(tx, event, 'event_approved', [userId]);
  return { status, told: [userId] };
}

/**
 * After the organiser changed the event (under its lock): requests wait no longer once approval is off (they
 * join the line in the order they asked), and added seats go to the first in line. Returns who got a seat.
 */
export async function settle(tx: Tx, eventId: string): Promise<string[]> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  if (!event) return [];
  if (!event.requiresApproval)
    await tx
      .update(eventAttendees)
      .set({ status: 'waiting' })
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'pending')));
  return promote(tx, eventId);
}

/**
 * The events `userId` created or takes part in (any status but removed: a seat, the line, a request), or with
 * `seated` only those they created or hold a seat at, as a condition on `events.id`. The two small sets come
 * from their indexes, never from a scan of all events.
 */
export const eventsOf = (userId: string, { seated = false } = {}): SQL =>
  sql`${events.id} in (select e.id from ${events} e where e.user_id = ${userId}
    union all select a.event_id from ${eventAttendees} a where a.user_id = ${userId}
      and ${seated ? sql`a.status = 'going'` : sql`a.status <> 'removed'`})`;

/**
 * A deleted account leaves every event it takes part in (its rows go with it by cascade); each seat it held
 * goes to the first in line. Returns who got one.
 */
export async function leaveAll(tx: Tx, userId: string): Promise<string[]> {
  const seats = await tx
    .select({ eventId: eventAttendees.eventId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.userId, userId), eq(eventAttendees.status, 'going')))
    .orderBy(eventAttendees.eventId);
  const seated: string[] = [];
  for (const { eventId } of seats) seated.push(...(await leave(tx, eventId, userId)).told);
  return seated;
}

/**
 * The events in `which` are about to be deleted: everyone taking part in one that has not started yet (a
 * seat, the waitlist, a request) gets a cancellation notice. Returns who was told.
 */
export async function cancelAttendance(tx: Tx, which: SQL): Promise<string[]> {
  const cancelled = await tx
    .select({ attendee: eventAttendees.userId, title: events.title })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(which, ne(eventAttendees.status, 'removed'), gt(events.startsAt, sql`now()`)));
  await noticeEventCancelled(tx, cancelled);
  return cancelled.map(({ attendee }) => attendee);
}

/** Everyone who takes part in the event and is told of changes: seats, the waitlist, requests. */
export async function participants(tx: Tx, eventId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), ne(eventAttendees.status, 'removed')));
  return rows.map((row) => row.userId);
}
