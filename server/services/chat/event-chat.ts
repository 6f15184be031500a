import { and, count, desc, eq, gt, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { isUpcoming } from '#shared/domain/events';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { EventChatMessage } from '#shared/schemas/chats';
import type { Db, DbOrTx } from '../../db/client';
import { together } from '../../db/transact';
import { eventAttendees, eventChatReads, eventMessages, events, profiles } from '../../db/schema';
import { lockStreams } from '../../realtime/stream-lock';
import { fingerprintOf, sendingRate } from './anti-spam';
import { defineConversation, type Outgoing } from './conversation';
import { eventChatMessages } from './message-tables';
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

/** The event's messages `viewer` may see (and `which` picks), with their senders. */
const visibleMessages = (
  db: Db,
  viewer: string | Placeholder,
  which: SQL | undefined,
  order: SQL,
  limit: number,
) =>
  db
    .select({
      message: eventMessages,
      fullName: profiles.fullName,
      photoUrl: profiles.photoUrl,
      organiser: events.userId,
    })
    .from(eventMessages)
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .leftJoin(profiles, eq(profiles.userId, eventMessages.senderId))
    .where(and(shownTo(viewer, eventMessages.senderId), which))
    .orderBy(order)
    .limit(limit);

type Row = Awaited<ReturnType<typeof visibleMessages>>[number];

const view = (deps: ServiceDeps, { message, fullName, photoUrl, organiser }: Row): EventChatMessage => ({
  id: message.id,
  seq: message.seq,
  eventId: message.eventId,
  senderId: message.senderId,
  sender: { fullName: fullName ?? '', photo: photoUrl ? photoOf(deps.storage, photoUrl) : null },
  fromOrganiser: message.senderId === organiser,
  content: message.content,
  createdAt: message.createdAt,
});

/**
 * The event's chat as a conversation (conversation.ts): its members are the organiser and everyone with a
 * seat (chatMemberOf), writing only before the event starts; each reader sees no message of someone hidden
 * from them; a per-member marker (event_chat_reads) says how far they have read.
 */
export const eventChat = defineConversation({
  name: 'event_chat',
  committed: 'event-chat-send:committed',
  messages: eventChatMessages,
  pageSize: LIMITS.event.chatPageSize,
  topic: eventChatTopic,
  member: chatEventOf,
  async open(tx, senderId, eventId) {
    // No row to lock: the chat's advisory stream lock; then who is in it, and the sender as others see them.
    const [, event, others, [sender]] = await together([
      lockStreams(tx, eventChatTopic(eventId)),
      chatEventOf(tx, senderId, eventId),
      recipients(tx, eventId, senderId),
      tx
        .select({ fullName: profiles.fullName, photoUrl: profiles.photoUrl })
        .from(profiles)
        .where(eq(profiles.userId, senderId)),
    ]);
    // Written in only before the event starts.
    if (!isUpcoming(event)) throw new AppError('CHAT_READ_ONLY');
    return { recipients: others, organiser: event.userId, sender };
  },
  select: visibleMessages,
  view,
  sameForEveryReader: false,
  cap: sendingRate,
  async append(tx, senderId, eventId, message: Outgoing) {
    const [stored] = await tx
      .insert(eventMessages)
      .values({
        id: message.id,
        eventId,
        senderId,
        content: message.content,
        fingerprint: fingerprintOf(message.content),
      })
      .onConflictDoNothing()
      .returning();
    return stored ?? null;
  },
  push: (notify, eventId, recipientIds, tx) => notify.eventMessage(eventId, recipientIds, tx),
  sentView: (deps, _senderId, _eventId, { stored, target }) =>
    view(deps, {
      message: stored,
      fullName: target.sender?.fullName ?? null,
      photoUrl: target.sender?.photoUrl ?? null,
      organiser: target.organiser,
    }),
  markers: {
    // Whoever writes has read the chat up to here: its newest message, theirs (under the stream lock).
    sent: (tx, senderId, eventId) =>
      readUpTo(
        tx,
        senderId,
        eventId,
        sql`(select max(${eventMessages.seq}) from ${eventMessages} where ${eq(eventMessages.eventId, eventId)})`,
      ),
    // The reader has seen the chat up to `seq` (its newest message on their screen).
    read: (deps, userId, event, { seq }: { seq: number }) => readUpTo(deps.db, userId, event.id, seq),
  },
});

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
function readUpTo(db: DbOrTx, userId: string, eventId: string, seq: number | SQL<number>) {
  return db
    .insert(eventChatReads)
    .values({ eventId, userId, readSeq: seq })
    .onConflictDoUpdate({
      target: [eventChatReads.eventId, eventChatReads.userId],
      set: { readSeq: sql`greatest(${eventChatReads.readSeq}, excluded.read_seq)` },
    });
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
