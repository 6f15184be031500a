import { and, count, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import type { RequestDog, RequestItem } from '#shared/schemas/likes';
import type { Tx } from '../../db/client';
import { appeals, chats, dogProfiles, moderationActions, notifications, profiles } from '../../db/schema';
import { BACKFILL_BATCH } from '../../realtime/backfill';
import { lockStreams } from '../../realtime/stream-lock';
import type { ServiceDeps } from '../deps';
import { photoOf } from '../uploads';
import { requestOfParty, requestStreamOf, requestVisibleTo } from '../safety/visibility';

/**
 * Requests and notices (SPEC §3 notifications): the topic their subscribers hear, the notices other
 * services send, and the read model both parties see (the request panel and its live stream).
 */

/** Subscribers of a user's requests hear this topic (ids only; they read the rows themselves). */
export const requestsTopic = (userId: string) => `requests:${userId}`;

/** A new `seq` for a changed row, so resuming subscribers see the change after everything before it. */
const nextSeq = sql`default`;

/**
 * These users' request lists changed (and may hold notices to send away from the app): after the commit, or
 * as part of `tx` (heard and queued if and only if it commits; see db/transact.ts).
 */
export async function publishRequests(
  deps: Pick<ServiceDeps, 'bus' | 'notify'>,
  userIds: Iterable<string>,
  tx?: Tx,
) {
  const users = [...new Set(userIds)];
  if (!users.length) return;
  const topics = users.map(requestsTopic);
  await (tx ? deps.bus.publishIn(tx, topics, null) : deps.bus.publish(topics, null));
  await deps.notify.notices(users, tx);
}

type NewNotice = typeof notifications.$inferInsert;

/**
 * The one way a notice is written. Every user whose request stream shows the row (its owner, and the liker
 * of a request) has their stream locked before the row takes its `seq`, until the commit
 * (realtime/stream-lock.ts), so a live notifications list resuming by `seq` never misses it.
 * `skipExisting`: a notice a unique index already holds is left as it is (reminders). `replaceUnread`: an
 * unread notice of the same owner, type and event is replaced (one change notice, not one per edit).
 * Returns the owners of the rows written; publish to them after the commit (`publishRequests`).
 */
export async function writeNotices(
  tx: Tx,
  rows: NewNotice[],
  { skipExisting = false, replaceUnread = false } = {},
): Promise<string[]> {
  if (!rows.length) return [];
  await lockStreams(
    tx,
    ...rows.flatMap((row) => [requestsTopic(row.ownerId), row.userId && requestsTopic(row.userId)]),
  );
  if (replaceUnread)
    await tx.delete(notifications).where(
      and(
        eq(notifications.status, 'unread'),
        sql`(${notifications.ownerId}, ${notifications.notificationType}, ${notifications.eventId}) in (${sql.join(
          rows.map(
            (row) =>
              sql`(${row.ownerId}::uuid, ${row.notificationType ?? 'request'}::notification_type, ${row.eventId ?? null}::uuid)`,
          ),
          sql`, `,
        )})`,
      ),
    );
  const insert = tx.insert(notifications).values(rows);
  const written = await (skipExisting ? insert.onConflictDoNothing() : insert).returning({
    ownerId: notifications.ownerId,
  });
  return written.map((row) => row.ownerId);
}

/**
 * Changes notices in place (`where`); each takes a new `seq`, so the streams report it again. Under the stream
 * locks of `parties`, everyone whose stream shows the rows, as in writeNotices.
 */
export async function updateNotices(
  tx: Tx,
  parties: Array<string | null | undefined>,
  set: Partial<NewNotice>,
  where: SQL | undefined,
) {
  await lockStreams(tx, ...parties.map((userId) => userId && requestsTopic(userId)));
  return tx
    .update(notifications)
    .set({ ...set, seq: nextSeq })
    .where(where)
    .returning({ id: notifications.id, userId: notifications.userId });
}

/** Tells each attendee that the event they joined is cancelled (its creator deleted it or their account). */
export async function noticeEventCancelled(tx: Tx, cancelled: Array<{ attendee: string; title: string }>) {
  await writeNotices(
    tx,
    cancelled.map(({ attendee, title }) => ({
      ownerId: attendee,
      notificationType: 'event_cancelled' as const,
      detail: title,
    })),
  );
}

/** What the stream reports for a row the user saw and no longer may (withdrawn, or its user hidden). */
export interface RequestGone {
  id: string;
  seq: number;
  gone: true;
}

export async function markRead(deps: ServiceDeps, userId: string, id: string) {
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.ownerId, userId)));
    if (!row) throw new AppError('NOT_FOUND');
    // The liker sees the request too: both streams get the change.
    return updateNotices(
      tx,
      [userId, row.userId],
      { status: 'read', updatedAt: new Date() },
      and(eq(notifications.id, id), eq(notifications.status, 'unread')),
    );
  });
  if (updated[0]) await publishRequests(deps, [userId, ...(updated[0].userId ? [updated[0].userId] : [])]);
  return { ok: true as const };
}

export async function unreadCount(deps: ServiceDeps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(eq(notifications.ownerId, userId), eq(notifications.status, 'unread'), requestVisibleTo(userId)),
    );
  return row?.n ?? 0;
}

const dog = alias(dogProfiles, 'dog');
const fromDog = alias(dogProfiles, 'from_dog');
const ownerProfile = alias(profiles, 'owner_profile');
const userProfile = alias(profiles, 'user_profile');

/** The chat of the notice's pair of dogs (one per pair, either may be the chat's own dog). */
const chatOfNotification = sql<string | null>`(
  select c.id from ${chats} c
  where c.other_dog_id is not null
    and least(c.dog_id, c.other_dog_id) = least(${notifications.dogId}, ${notifications.fromDogId})
    and greatest(c.dog_id, c.other_dog_id) = greatest(${notifications.dogId}, ${notifications.fromDogId}))`;

const appealed = sql<boolean>`exists (select 1 from ${appeals} a where a.action_id = ${notifications.actionId})`;

/**
 * Requests and notices with their dogs, both parties' profiles, their chat and any moderator's decision
 * (callers add the filter; `visible` says whether `userId` may still see the row).
 */
function requestRows(deps: ServiceDeps, userId: string) {
  return deps.db
    .select({
      n: notifications,
      dog,
      fromDog,
      ownerProfile,
      userProfile,
      chatId: chatOfNotification,
      decision: moderationActions,
      appealed,
      visible: sql<boolean>`${requestVisibleTo(userId)}`,
    })
    .from(notifications)
    .leftJoin(dog, eq(dog.id, notifications.dogId))
    .leftJoin(fromDog, eq(fromDog.id, notifications.fromDogId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, notifications.ownerId))
    .leftJoin(userProfile, eq(userProfile.userId, notifications.userId))
    .leftJoin(moderationActions, eq(moderationActions.id, notifications.actionId))
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
    event: row.n.eventId
      ? { id: row.n.eventId, changes: row.n.eventChanges, startsAt: row.n.eventStartsAt }
      : null,
    lostAlertId: row.n.lostAlertId,
    decision: row.decision && {
      id: row.decision.id,
      action: row.decision.action,
      statement: row.decision.statement,
      suspendedUntil: row.decision.suspendedUntil,
      appealed: Boolean(row.appealed),
    },
  };
}

/** Newest first. A notice the user sent (acceptance feedback to the liker) is not theirs to see. */
export async function requests(deps: ServiceDeps, userId: string): Promise<RequestItem[]> {
  const rows = await requestRows(deps, userId)
    .where(requestVisibleTo(userId))
    .orderBy(desc(notifications.createdAt))
    .limit(200);
  return rows.map((row) => requestView(deps, userId, row));
}

/**
 * Changes after `afterSeq`, oldest first (for resumable subscriptions): a row the user may see whole, one they
 * may no longer see as its bare id (`gone`), so open lists drop it.
 */
export async function requestChanges(
  deps: ServiceDeps,
  userId: string,
  afterSeq: number,
  limit = BACKFILL_BATCH,
): Promise<Array<RequestItem | RequestGone>> {
  const rows = await requestRows(deps, userId)
    .where(and(requestStreamOf(userId), gt(notifications.seq, afterSeq)))
    .orderBy(notifications.seq)
    .limit(limit);
  return rows.map((row) =>
    row.visible ? requestView(deps, userId, row) : { id: row.n.id, seq: row.n.seq, gone: true as const },
  );
}

/**
 * The rows between two users take new event ids (a block or unblock changed who sees them): both streams
 * report them again, as gone or whole. Call inside the transaction that made the change.
 */
export async function restampPair(tx: Tx, a: string, b: string) {
  await updateNotices(
    tx,
    [a, b],
    {},
    or(
      and(eq(notifications.ownerId, a), eq(notifications.userId, b)),
      and(eq(notifications.ownerId, b), eq(notifications.userId, a)),
    ),
  );
}

/** Where a subscriber without a last event id starts: after everything that exists now. */
export async function latestRequestSeq(deps: ServiceDeps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ seq: sql<number | null>`max(${notifications.seq})` })
    .from(notifications)
    .where(requestOfParty(userId));
  return Number(row?.seq ?? 0);
}
