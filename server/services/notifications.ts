import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationStatus, NotificationType } from '../../src/domain/requests';
import { AppError } from '../../src/errors';
import type { Photo } from '../../src/schemas/uploads';
import type { Tx } from '../db/client';
import { chats, dogProfiles, notifications, profiles } from '../db/schema';
import { BACKFILL_BATCH } from '../realtime/backfill';
import { lockStreams } from '../realtime/stream-lock';
import type { ServiceDeps } from './deps';
import { photoOf } from './uploads';
import { requestOfParty, requestVisibleTo } from './visibility';

/**
 * Requests and notices (SPEC §3 notifications): the topic their subscribers hear, the notices other
 * services send, and the read model both parties see (the request panel and its live stream).
 */

/** Subscribers of a user's requests hear this topic (ids only; they read the rows themselves). */
export const requestsTopic = (userId: string) => `requests:${userId}`;

/** A new `seq` for a changed row, so resuming subscribers see the change after everything before it. */
export const nextSeq = sql`default`;

/** After the commit: these users' request lists changed. */
export async function publishRequests(deps: Pick<ServiceDeps, 'bus'>, userIds: Iterable<string>) {
  const topics = [...new Set(userIds)].map(requestsTopic);
  if (topics.length) await deps.bus.publish(topics, null);
}

/** Tells each attendee that the event they joined is cancelled (its creator deleted it or their account). */
export async function noticeEventCancelled(tx: Tx, cancelled: Array<{ attendee: string; title: string }>) {
  if (cancelled.length)
    await tx.insert(notifications).values(
      cancelled.map(({ attendee, title }) => ({
        ownerId: attendee,
        notificationType: 'event_cancelled' as const,
        detail: title,
      })),
    );
}

export interface RequestDog {
  id: string;
  name: string;
  breed: string;
  photo: Photo | null;
}

/** A request or notice as either party sees it (SPEC §3 notifications with its joined data). */
export interface RequestItem {
  id: string;
  seq: number;
  direction: 'received' | 'sent';
  type: NotificationType;
  status: NotificationStatus;
  createdAt: Date;
  updatedAt: Date;
  dog: RequestDog | null;
  fromDog: RequestDog | null;
  counterpart: { userId: string; fullName: string } | null;
  /** The chat between the two about this dog, once there is one (accepted requests, matches). */
  chatId: string | null;
  detail: string | null;
}

export async function markRead(deps: ServiceDeps, userId: string, id: string) {
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.ownerId, userId)));
    if (!row) throw new AppError('NOT_FOUND');
    // The liker sees the request too: both streams get the change.
    await lockStreams(tx, requestsTopic(userId), row.userId && requestsTopic(row.userId));
    return tx
      .update(notifications)
      .set({ status: 'read', updatedAt: new Date(), seq: nextSeq })
      .where(and(eq(notifications.id, id), eq(notifications.status, 'unread')))
      .returning({ userId: notifications.userId });
  });
  if (updated[0]) await publishRequests(deps, [userId, ...(updated[0].userId ? [updated[0].userId] : [])]);
  return { ok: true as const };
}

export async function unreadCount(deps: ServiceDeps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.ownerId, userId), eq(notifications.status, 'unread')));
  return row?.n ?? 0;
}

const dog = alias(dogProfiles, 'dog');
const fromDog = alias(dogProfiles, 'from_dog');
const ownerProfile = alias(profiles, 'owner_profile');
const userProfile = alias(profiles, 'user_profile');

/** The chat of the notice's pair of dogs (one per pair, either may be the chat's own dog). */
const chatOfNotification = sql<string | null>`(
  select c.id from ${chats} c
  where least(c.dog_id, c.other_dog_id) = least(${notifications.dogId}, ${notifications.fromDogId})
    and greatest(c.dog_id, c.other_dog_id) = greatest(${notifications.dogId}, ${notifications.fromDogId}))`;

/** Requests and notices with their dogs, both parties' profiles and their chat (callers add the filter). */
function requestRows(deps: ServiceDeps) {
  return deps.db
    .select({ n: notifications, dog, fromDog, ownerProfile, userProfile, chatId: chatOfNotification })
    .from(notifications)
    .leftJoin(dog, eq(dog.id, notifications.dogId))
    .leftJoin(fromDog, eq(fromDog.id, notifications.fromDogId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, notifications.ownerId))
    .leftJoin(userProfile, eq(userProfile.userId, notifications.userId))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof requestRows>>[number];

function requestView(deps: ServiceDeps, userId: string, row: Row): RequestItem {
  const received = row.n.ownerId === userId;
  const other = received ? row.userProfile : row.ownerProfile;
  const dogCard = (d: Row['dog']): RequestDog | null =>
    d && {
      id: d.id,
      name: d.name,
      breed: d.breed,
      photo: d.photos[0] ? photoOf(deps.storage, d.photos[0]) : null,
    };
  return {
    id: row.n.id,
    seq: row.n.seq,
    direction: received ? 'received' : 'sent',
    type: row.n.notificationType,
    status: row.n.status,
    createdAt: row.n.createdAt,
    updatedAt: row.n.updatedAt,
    dog: dogCard(row.dog),
    fromDog: dogCard(row.fromDog),
    counterpart: other ? { userId: other.userId, fullName: other.fullName } : null,
    chatId: row.chatId,
    detail: row.n.detail,
  };
}

/** Newest first. A notice the user sent (acceptance feedback to the liker) is not theirs to see. */
export async function requests(deps: ServiceDeps, userId: string): Promise<RequestItem[]> {
  const rows = await requestRows(deps)
    .where(requestVisibleTo(userId))
    .orderBy(desc(notifications.createdAt))
    .limit(200);
  return rows.map((row) => requestView(deps, userId, row));
}

/** Changes after `afterSeq`, oldest first (for resumable subscriptions). */
export async function requestChanges(
  deps: ServiceDeps,
  userId: string,
  afterSeq: number,
  limit = BACKFILL_BATCH,
) {
  const rows = await requestRows(deps)
    .where(and(requestVisibleTo(userId), gt(notifications.seq, afterSeq)))
    .orderBy(notifications.seq)
    .limit(limit);
  return rows.map((row) => requestView(deps, userId, row));
}

/** Where a subscriber without a last event id starts: after everything that exists now. */
export async function latestRequestSeq(deps: ServiceDeps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ seq: sql<number | null>`max(${notifications.seq})` })
    .from(notifications)
    .where(requestOfParty(userId));
  return Number(row?.seq ?? 0);
}
