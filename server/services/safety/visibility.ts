import { and, eq, ne, notExists, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { chats, dogProfiles, matches, notifications, swipes } from '../../db/schema';

/**
 * Who may see what of whom: every read that shows other people's rows takes its condition from here, so a
 * rule is written once. Two users of whom one blocked the other never see each other again, either way
 * round; a suspended or banned user's content shows to nobody (issue 18).
 */

/**
 * The users hidden from `viewer`: a block between them, either way round, or the user is suspended or banned.
 * One set per query (PostgreSQL hashes it once), so a read that tests many rows against it, as the deck does,
 * stays cheap; the suspended and banned are found by a partial index (users_hidden_idx, migration 0013).
 * A viewer column (one viewer per row, e.g. every attendee of an event) makes it a correlated subquery; a
 * placeholder, a prepared query's parameter.
 */
type Viewer = string | AnyPgColumn | Placeholder;
const hiddenUsersOf = (viewer: Viewer): SQL => sql`(
  select b.blocked_id from blocks b where b.blocker_id = ${viewer}
  union all select b.blocker_id from blocks b where b.blocked_id = ${viewer}
  union all select u.id from users u where u.banned_at is not null or u.suspended_until > now())`;

/** `other` (a user id column or value) is hidden from `viewer`; null (a deleted account) hides nothing. */
export const hiddenFrom = (viewer: Viewer, other: AnyPgColumn | SQL): SQL =>
  sql`coalesce(${other} in ${hiddenUsersOf(viewer)}, false)`;

export const shownTo = (viewer: Viewer, other: AnyPgColumn | SQL): SQL =>
  sql`not ${hiddenFrom(viewer, other)}`;

/** A user's content shows to anyone (signed-out visitors too): not suspended, not banned. */
export const activeUser = (user: AnyPgColumn | SQL): SQL => sql`not exists (select 1 from users u
  where u.id = ${user} and (u.banned_at is not null or u.suspended_until > now()))`;

/** A chat's parties: the rows that are theirs (the data export, deletion). */
export const chatOfParty = (userId: string): SQL => or(eq(chats.ownerId, userId), eq(chats.userId, userId))!;

/** The other party of a chat, as `userId` sees it. */
const chatCounterpart = (userId: string) =>
  sql`case when ${chats.ownerId} = ${userId} then ${chats.userId} else ${chats.ownerId} end`;

/** A chat `userId` may read and write: theirs, and the other party not hidden from them. */
export const chatSeenBy = (userId: string): SQL =>
  and(chatOfParty(userId), shownTo(userId, chatCounterpart(userId)))!;

/** The same, in raw SQL over a `chats` row (statements written as SQL for speed). */
export const chatSeenBySql = (userId: string): SQL =>
  sql`((${chats.ownerId} = ${userId} or ${chats.userId} = ${userId}) and ${shownTo(userId, chatCounterpart(userId))})`;

/** A chat in `userId`'s list: seen by them and not hidden from their list. */
export const chatListedFor = (userId: string): SQL =>
  and(
    chatSeenBy(userId),
    sql`not (case when ${chats.ownerId} = ${userId} then ${chats.hiddenByOwner} else ${chats.hiddenByUser} end)`,
  )!;

/**
 * The user's matches that still count: theirs, with someone not hidden from them either way (a block, a
 * suspension); the profile's "Ujemanja" counts these.
 */
export const matchSeenBy = (userId: string): SQL =>
  and(
    or(eq(matches.user1Id, userId), eq(matches.user2Id, userId)),
    shownTo(
      userId,
      sql`case when ${matches.user1Id} = ${userId} then ${matches.user2Id} else ${matches.user1Id} end`,
    ),
  )!;

/** Every request or notice the user is a party to (their data, their stream's event ids). */
export const requestOfParty = (userId: string): SQL =>
  or(eq(notifications.ownerId, userId), eq(notifications.userId, userId))!;

/** The other user of a request or notice, as `userId` sees it (null for system notices). */
const requestCounterpart = (userId: string) =>
  sql`case when ${notifications.ownerId} = ${userId} then ${notifications.userId} else ${notifications.ownerId} end`;

/**
 * Requests and notices the user sees: everything addressed to them and the requests they sent (a feedback
 * notice they caused belongs to its recipient); not withdrawn; nothing of a user hidden from them.
 */
export const requestVisibleTo = (userId: string): SQL =>
  and(
    or(
      eq(notifications.ownerId, userId),
      and(eq(notifications.userId, userId), eq(notifications.notificationType, 'request')),
    ),
    ne(notifications.status, 'withdrawn'),
    shownTo(userId, requestCounterpart(userId)),
  )!;

/**
 * What the user's request stream reports: what they see, and (as bare ids, "gone") what they saw and no
 * longer may: a withdrawn request, the rows of a user hidden from them since.
 */
export const requestStreamOf = (userId: string): SQL =>
  or(
    eq(notifications.ownerId, userId),
    and(eq(notifications.userId, userId), eq(notifications.notificationType, 'request')),
  )!;

/** The deck: other owners' dogs the user has neither liked nor passed, of owners not hidden from them. */
export const deckDogFor = (db: DbOrTx, userId: string | Placeholder): SQL =>
  and(
    ne(dogProfiles.userId, userId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(swipes)
        .where(and(eq(swipes.userId, userId), eq(swipes.dogId, dogProfiles.id))),
    ),
    shownTo(userId, dogProfiles.userId),
  )!;

/** Whether `other` is hidden from `viewer` (one check, for reads and writes of a single item). */
export async function isHiddenFrom(db: DbOrTx, viewer: string, other: string): Promise<boolean> {
  if (viewer === other) return false;
  const rows = await db.execute<{ hidden: boolean }>(
    sql`select ${hiddenFrom(viewer, sql`${other}::uuid`)} as hidden`,
  );
  const [row] = Array.isArray(rows)
    ? (rows as { hidden: boolean }[])
    : (rows as { rows: { hidden: boolean }[] }).rows;
  return Boolean(row?.hidden);
}
