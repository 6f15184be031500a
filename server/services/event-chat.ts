import { and, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { isUpcoming } from '../../src/domain/events';
import { AppError } from '../../src/errors';
import { LIMITS } from '../../src/limits';
import type { Photo } from '../../src/schemas/uploads';
import type { DbOrTx } from '../db/client';
import { eventAttendees, eventMessages, events, profiles } from '../db/schema';
import { BACKFILL_BATCH } from '../realtime/backfill';
import { lockStreams } from '../realtime/stream-lock';
import { checkDuplicate } from './anti-spam';
import type { ServiceDeps } from './deps';
import { photoOf } from './uploads';
import { shownTo } from './visibility';

/**
 * An event's chat (issue 21): one conversation for the organiser and everyone with a seat, live like the pair
 * chats (resumable by `seq`) and under the same message rules (the text's schema, the duplicate-text cap);
 * the messages of someone hidden from the reader (a block either way) are not shown to them.
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
 * The event if `userId` may read and write its chat: its organiser, or someone with a seat, and the
 * organiser not hidden from them. Anyone else learns nothing (NOT_FOUND).
 */
export async function chatEventOf(db: DbOrTx, userId: string, eventId: string) {
  const [event] = await db
    .select({ id: events.id, userId: events.userId, startsAt: events.startsAt })
    .from(events)
    .where(
      and(
        eq(events.id, eventId),
        shownTo(userId, events.userId),
        sql`(${events.userId} = ${userId} or exists (select 1 from ${eventAttendees} a
          where a.event_id = ${events.id} and a.user_id = ${userId} and a.status = 'going'))`,
      ),
    );
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
 * once. The chat's stream lock is held from before the message takes its `seq` until the commit, so
 * subscribers never miss one (realtime/stream-lock.ts).
 */
export async function sendEventMessage(
  deps: ServiceDeps,
  userId: string,
  input: { eventId: string; id?: string | undefined; content: string },
): Promise<EventChatMessage> {
  const event = await chatEventOf(deps.db, userId, input.eventId);
  if (!isUpcoming(event)) throw new AppError('CHAT_READ_ONLY');
  await checkDuplicate(deps.db, userId, input.content, { eventId: input.eventId });
  const id = await deps.db.transaction(async (tx) => {
    await lockStreams(tx, eventChatTopic(input.eventId));
    const [stored] = await tx
      .insert(eventMessages)
      .values({ id: input.id, eventId: input.eventId, senderId: userId, content: input.content })
      .onConflictDoNothing()
      .returning({ id: eventMessages.id });
    if (stored) return stored.id;
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
    return mine.id;
  });
  await deps.bus.publish(eventChatTopic(input.eventId), null);
  const [row] = await visibleMessages(deps, userId, input.eventId, eq(eventMessages.id, id));
  return view(deps)(row!);
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
