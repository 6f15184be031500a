import { and, count, desc, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { isUpcoming } from '#shared/domain/events';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { Photo } from '#shared/schemas/uploads';
import type { DbOrTx } from '../../db/client';
import { transact } from '../../db/transact';
import { crashPoint } from '../../crash-points';
import { eventAttendees, eventChatReads, eventMessages, events, profiles } from '../../db/schema';
import { BACKFILL_BATCH } from '../../realtime/backfill';
import { lockStreams } from '../../realtime/stream-lock';
import { checkEventMessage, fingerprintOf, lockSender } from './anti-spam';
import { eventsOf } from '../events/attendance';
import type { ServiceDeps } from '../deps';
import { photoOf } from '../uploads';
import { shownTo } from '../safety/visibility';

/**
 * An event's chat (issue 21): one conversation for the organiser and everyone with a seat, live like the pair
 * chats (resumable by `seq`) and under the same message rules (the text's schema, the duplicate-text cap),
 * with a rate per sender instead of the unanswered cap (services/chat/anti-spam.ts); the messages of someone
 * hidden from the reader (a block either way) are not shown to them.
 */

export interface EventChatMessage {
  id: string;
  seq: number;
  eventId: string;
  senderId: string;
  sender: { fullName: string; photo: Photo | null };
  /** Sent by the event's organiser. */
  fromOrganiser: boolean;
  content: string;
  createdAt: Date;
}

export const eventChatTopic = (eventId: string) => `event-chat:${eventId}`;

/**
 * `userId` is in the chat of the event (a row of `events`): its organiser, or someone with a seat, and the
 * organiser not hidden from them. Read from their own rows (a few), never by a scan of all events.
 */
const chatMemberOf = (userId: string) =>
  and(eventsOf(userId, { seated: true }), shownTo(userId, events.userId));

/** The event if `userId` may read and write its chat (chatMemberOf); anyone else learns nothing (NOT_FOUND). */
export async function chatEventOf(db: DbOrTx, userId: string, eventId: string) {
  const [event] = await db
    .select({ id: events.id, userId: events.userId, startsAt: events.startsAt })
    .from(events)
    .where(and(eq(events.id, eventId), chatMemberOf(userId)));
  if (!event) throw new AppError('NOT_FOUND');
  return event;
}

/** The event's messages `viewerId` may see (and `which` picks), with their senders. */
function visibleMessages(deps: ServiceDeps, viewerId: string, eventId: string, which?: SQL) {
  return deps.db
    .select({
      message: eventMessages,
      fullName: profiles.fullName,
      photoUrl: profiles.photoUrl,
      organiser: events.userId,
    })
    .from(eventMessages)
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .leftJoin(profiles, eq(profiles.userId, eventMessages.senderId))
    .where(and(eq(eventMessages.eventId, eventId), shownTo(viewerId, eventMessages.senderId), which));
}

type Row = Awaited<ReturnType<typeof visibleMessages>>[number];

const view =
  (deps: ServiceDeps) =>
  ({ message, fullName, photoUrl, organiser }: Row): EventChatMessage => ({
    id: message.id,
    seq: message.seq,
    eventId: message.eventId,
    senderId: message.senderId,
    sender: { fullName: fullName ?? '', photo: photoUrl ? photoOf(deps.storage, photoUrl) : null },
    fromOrganiser: message.senderId === organiser,
    content: message.content,
    createdAt: message.createdAt,
  });

/** A page of messages in ascending order: the newest page, or the one before `before` (a seq). */
export async function eventChatMessages(
  deps: ServiceDeps,
  userId: string,
  eventId: string,
  before?: number,
): Promise<EventChatMessage[]> {
  await chatEventOf(deps.db, userId, eventId);
  const rows = await visibleMessages(
    deps,
    userId,
    eventId,
    before ? lt(eventMessages.seq, before) : undefined,
  )
    .orderBy(desc(eventMessages.seq))
    .limit(LIMITS.event.chatPageSize);
  return rows.reverse().map(view(deps));
}

/**
 * Sends a message to the event's chat (an event that has not started yet). A repeated client `id` is stored
 * once. The sender's anti-spam lock comes first (see lockSender) and holds from the caps' check to the
 * commit; the chat's stream lock after it, from before the message takes its `seq` until the commit, so
 * subscribers never miss one (realtime/stream-lock.ts).
 */
export async function sendEventMessage(
  deps: ServiceDeps,
  userId: string,
  input: { eventId: string; id?: string | undefined; content: string },
): Promise<EventChatMessage> {
  const event = await chatEventOf(deps.db, userId, input.eventId);
  if (!isUpcoming(event)) throw new AppError('CHAT_READ_ONLY');
  const sent = await transact(deps.db, async (tx) => {
    await lockSender(tx, userId);
    await checkEventMessage(tx, userId, input);
    await lockStreams(tx, eventChatTopic(input.eventId));
    const [stored] = await tx
      .insert(eventMessages)
      .values({
        id: input.id,
        eventId: input.eventId,
        senderId: userId,
        content: input.content,
        fingerprint: fingerprintOf(input.content),
      })
      .onConflictDoNothing()
      .returning({ id: eventMessages.id, seq: eventMessages.seq });
    if (stored) {
      // Whoever writes has read the chat up to here.
      await readUpTo(tx, userId, input.eventId, stored.seq);
      // Heard and its pushes queued as part of the write: a crash after the commit loses neither, and a
      // retry (nothing new stored) repeats neither.
      await deps.bus.publishIn(tx, eventChatTopic(input.eventId), null);
      await deps.notify.eventMessage(input.eventId, await recipients(tx, input.eventId, userId), tx);
      return { id: stored.id };
    }
    // A retried send: the message stored the first time, if it is the caller's own in this chat.
    const [mine] = await tx
      .select({ id: eventMessages.id })
      .from(eventMessages)
      .where(
        and(
          eq(eventMessages.id, input.id ?? ''),
          eq(eventMessages.eventId, input.eventId),
          eq(eventMessages.senderId, userId),
        ),
      );
    if (!mine) throw new AppError('VALIDATION');
    return { id: mine.id };
  });
  crashPoint('event-chat-send:committed');
  const [row] = await visibleMessages(deps, userId, input.eventId, eq(eventMessages.id, sent.id));
  return view(deps)(row!);
}

/**
 * Who hears of `senderId`'s message away from the app: the chat's other members not hidden from the sender
 * (the push job checks again, as each recipient sees the chat when it runs).
 */
async function recipients(db: DbOrTx, eventId: string, senderId: string): Promise<string[]> {
  const rows = await union(
    db
      .select({ userId: events.userId })
      .from(events)
      .where(and(eq(events.id, eventId), ne(events.userId, senderId), shownTo(senderId, events.userId))),
    db
      .select({ userId: eventAttendees.userId })
      .from(eventAttendees)
      .where(
        and(
          eq(eventAttendees.eventId, eventId),
          eq(eventAttendees.status, 'going'),
          ne(eventAttendees.userId, senderId),
          shownTo(senderId, eventAttendees.userId),
        ),
      ),
  );
  return rows.map((row) => row.userId);
}

/** `userId` has read the event's chat up to `seq` (a marker never moves back). */
function readUpTo(db: DbOrTx, userId: string, eventId: string, seq: number) {
  return db
    .insert(eventChatReads)
    .values({ eventId, userId, readSeq: seq })
    .onConflictDoUpdate({
      target: [eventChatReads.eventId, eventChatReads.userId],
      set: { readSeq: sql`greatest(${eventChatReads.readSeq}, excluded.read_seq)` },
    });
}

/** The reader has seen the event's chat up to `seq` (its newest message on their screen). */
export async function markEventChatRead(
  deps: ServiceDeps,
  userId: string,
  input: { eventId: string; seq: number },
) {
  await chatEventOf(deps.db, userId, input.eventId);
  await readUpTo(deps.db, userId, input.eventId, input.seq);
  return { ok: true as const };
}

/** Messages of others in chats `userId` is in, unread by them (after their marker): what a push tells. */
const unreadBy = (userId: string) =>
  and(
    chatMemberOf(userId),
    ne(eventMessages.senderId, userId),
    shownTo(userId, eventMessages.senderId),
    sql`${eventMessages.seq} > coalesce(${eventChatReads.readSeq}, 0)`,
  );

const withReads = (userId: string) =>
  and(eq(eventChatReads.eventId, eventMessages.eventId), eq(eventChatReads.userId, userId));

/**
 * What `userId` has not read of the event's chat (written after `since`, when given), newest first, at most
 * `limit`, with the event's title; null when they are not in its chat (any more) or nothing is unread.
 */
export async function unreadEventMessages(
  db: DbOrTx,
  userId: string,
  eventId: string,
  since?: Date,
  limit = 100,
) {
  const rows = await db
    .select({ title: events.title, content: eventMessages.content, name: profiles.fullName })
    .from(eventMessages)
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .leftJoin(eventChatReads, withReads(userId))
    .leftJoin(profiles, eq(profiles.userId, eventMessages.senderId))
    .where(
      and(
        eq(eventMessages.eventId, eventId),
        unreadBy(userId),
        since ? gt(eventMessages.createdAt, since) : undefined,
      ),
    )
    .orderBy(desc(eventMessages.seq))
    .limit(limit);
  return rows.length ? { title: rows[0]!.title, messages: rows } : null;
}

/** How many messages of all `userId`'s event chats are unread by them and were written after `since`. */
export async function unreadEventMessageCount(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventMessages)
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .leftJoin(eventChatReads, withReads(userId))
    .where(and(unreadBy(userId), gt(eventMessages.createdAt, since)));
  return row?.n ?? 0;
}

/** Per event of `eventIds` whose chat `userId` is in, how many messages there they have not read (none: 0). */
export async function unreadByEvent(db: DbOrTx, userId: string, eventIds: string[]) {
  if (!eventIds.length) return new Map<string, number>();
  const rows = await db
    .select({ eventId: eventMessages.eventId, n: count() })
    .from(eventMessages)
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .leftJoin(eventChatReads, withReads(userId))
    .where(and(inArray(eventMessages.eventId, eventIds), unreadBy(userId)))
    .groupBy(eventMessages.eventId);
  return new Map(rows.map((row) => [row.eventId, row.n]));
}

/** Messages after `afterSeq` that `viewerId` may see, oldest first (the resumable subscription). */
export async function eventMessagesAfter(
  deps: ServiceDeps,
  viewerId: string,
  eventId: string,
  afterSeq: number,
) {
  const rows = await visibleMessages(deps, viewerId, eventId, gt(eventMessages.seq, afterSeq))
    .orderBy(eventMessages.seq)
    .limit(BACKFILL_BATCH);
  return rows.map((row) => ({ seq: row.message.seq, item: view(deps)(row) }));
}

export async function latestEventMessageSeq(deps: ServiceDeps, eventId: string): Promise<number> {
  const [row] = await deps.db
    .select({ seq: sql<number | null>`max(${eventMessages.seq})` })
    .from(eventMessages)
    .where(eq(eventMessages.eventId, eventId));
  return Number(row?.seq ?? 0);
}
