import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { isFull, isUpcoming } from '../../src/domain/events';
import { AppError } from '../../src/errors';
import type { Tx } from '../db/client';
import { eventAttendees, events, notifications } from '../db/schema';
import { noticeEventCancelled } from './notifications';

/**
 * Who attends which event. `events.current_attendees` is kept here only, always under the event's row lock,
 * so joins and leaves on one event run one at a time and the count stays true.
 */

/** The event locked for the rest of the transaction. */
async function eventForUpdate(tx: Tx, id: string) {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!event) throw new AppError('NOT_FOUND');
  return event;
}

const countChange = (delta: 1 | -1) => ({ currentAttendees: sql`${events.currentAttendees} + ${delta}` });

/** Joins an upcoming event that is not the user's own and has room; joining twice changes nothing. */
export async function join(tx: Tx, eventId: string, userId: string) {
  const event = await eventForUpdate(tx, eventId);
  if (!isUpcoming(event)) throw new AppError('NOT_FOUND');
  if (event.userId === userId) throw new AppError('EVENT_OWN');
  const [already] = await tx
    .select({ id: eventAttendees.id })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  if (already) return;
  if (isFull(event)) throw new AppError('EVENT_FULL');
  await tx.insert(eventAttendees).values({ eventId, userId });
  await tx.update(events).set(countChange(1)).where(eq(events.id, eventId));
}

/** Leaves an event; leaving one not joined changes nothing. */
export async function leave(tx: Tx, eventId: string, userId: string) {
  await eventForUpdate(tx, eventId);
  const left = await tx
    .delete(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
    .returning({ id: eventAttendees.id });
  if (left.length) await tx.update(events).set(countChange(-1)).where(eq(events.id, eventId));
}

/** A deleted account leaves every event it joined (its attendee rows go with it by cascade). */
export async function leaveAll(tx: Tx, userId: string) {
  const joined = tx
    .select({ id: eventAttendees.eventId })
    .from(eventAttendees)
    .where(eq(eventAttendees.userId, userId));
  await tx.update(events).set(countChange(-1)).where(inArray(events.id, joined));
}

/**
 * The events in `which` are about to be deleted: everyone who joined one that has not started yet gets a
 * cancellation notice. Returns who was told.
 */
export async function cancelAttendance(tx: Tx, which: SQL): Promise<string[]> {
  const cancelled = await tx
    .select({ attendee: eventAttendees.userId, title: events.title })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(which, gt(events.startsAt, sql`now()`)));
  await noticeEventCancelled(tx, cancelled);
  return cancelled.map(({ attendee }) => attendee);
}

/**
 * The upcoming event `eventId` moved (date, time or place): everyone who joined it gets a notice, one that is
 * still unread replacing an older one. Returns who was told.
 */
export async function noticeEventChanged(tx: Tx, eventId: string, title: string): Promise<string[]> {
  const attendees = await tx
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, eventId));
  const told = attendees.map((row) => row.userId);
  if (!told.length) return [];
  await tx
    .delete(notifications)
    .where(
      and(
        inArray(notifications.ownerId, told),
        eq(notifications.notificationType, 'event_changed'),
        eq(notifications.status, 'unread'),
        eq(notifications.eventId, eventId),
      ),
    );
  await tx.insert(notifications).values(
    told.map((ownerId) => ({
      ownerId,
      notificationType: 'event_changed' as const,
      detail: title,
      eventId,
    })),
  );
  return told;
}
