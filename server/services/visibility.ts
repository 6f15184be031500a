import { and, eq, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { chats, dogProfiles, notifications, swipes } from '../db/schema';

/**
 * Who may see what of whom: every read that shows other people's rows takes its condition from here, so a
 * rule (and any future exception, such as a block) is written once.
 */

/** A chat is seen by its two parties only. */
export const chatOfParty = (userId: string): SQL => or(eq(chats.ownerId, userId), eq(chats.userId, userId))!;

/** The same rule, in raw SQL over a `chats` row (statements written as SQL for speed). */
export const chatOfPartySql = (userId: string): SQL =>
  sql`(${chats.ownerId} = ${userId} or ${chats.userId} = ${userId})`;

/**
 * Requests and notices: everything addressed to the user, and the requests they sent (a feedback notice they
 * caused belongs to its recipient).
 */
export const requestVisibleTo = (userId: string): SQL =>
  or(
    eq(notifications.ownerId, userId),
    and(eq(notifications.userId, userId), eq(notifications.notificationType, 'request')),
  )!;

/** Every request or notice the user is a party to (the upper bound of their stream's event ids). */
export const requestOfParty = (userId: string): SQL =>
  or(eq(notifications.ownerId, userId), eq(notifications.userId, userId))!;

/** The deck: other owners' dogs the user has neither liked nor passed. */
export const deckDogFor = (db: DbOrTx, userId: string): SQL =>
  and(
    ne(dogProfiles.userId, userId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(swipes)
        .where(and(eq(swipes.userId, userId), eq(swipes.dogId, dogProfiles.id))),
    ),
  )!;
