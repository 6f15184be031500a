import { and, eq, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import type { Tx } from '../../db/client';
import { transact } from '../../db/transact';
import { chats, dogProfiles, lostAlerts, lostSightings, profiles } from '../../db/schema';
import { chatListTopic, chatNameOf } from '../chat/chats';
import type { ServiceDeps } from '../deps';
import { activeUser, shownTo } from '../safety/visibility';
import { alertSeenBy } from './lost-alerts';

/**
 * The conversations of lost and found dogs (issue 33 §6): the only way the two sides reach each other, never
 * by phone or address. One per alert and helper: the alert's owner (or a found dog's finder) is the chat's
 * `ownerId`, the helper its `userId`.
 */

/**
 * The alert's chat with `helperId`, made if it is not there yet. It opens empty: both parties' lists hear of
 * it. Two first taps at once: the unique index keeps one, and both answer with it.
 */
async function chatOfAlert(
  deps: ServiceDeps,
  tx: Tx,
  chat: { alertId: string; ownerId: string; helperId: string; dogId: string | null; chatName: string },
) {
  const ofAlert = and(eq(chats.lostAlertId, chat.alertId), eq(chats.userId, chat.helperId));
  const [existing] = await tx.select({ id: chats.id }).from(chats).where(ofAlert);
  if (existing) return { chatId: existing.id };
  await tx
    .insert(chats)
    .values({
      ownerId: chat.ownerId,
      userId: chat.helperId,
      dogId: chat.dogId,
      lostAlertId: chat.alertId,
      chatName: chat.chatName,
    })
    .onConflictDoNothing();
  const [made] = await tx.select({ id: chats.id }).from(chats).where(ofAlert);
  if (!made) throw new AppError('NOT_FOUND');
  await deps.bus.publishIn(tx, [chatListTopic(chat.ownerId), chatListTopic(chat.helperId)], null);
  return { chatId: made.id };
}

/**
 * The conversation between a sighting's author and the alert's owner, started by either of them (the dog is
 * the lost one for both). Anyone else, a hidden party or the owner's own sighting: NOT_FOUND.
 */
export function contactOfSighting(deps: ServiceDeps, userId: string, sightingId: string) {
  return transact(deps.db, async (tx) => {
    const [sighting] = await tx
      .select({
        alertId: lostSightings.alertId,
        helperId: lostSightings.userId,
        ownerId: lostAlerts.userId,
        dogId: lostAlerts.dogId,
        dogName: dogProfiles.name,
        dogBreed: dogProfiles.breed,
        ownerName: profiles.fullName,
      })
      .from(lostSightings)
      .innerJoin(lostAlerts, eq(lostAlerts.id, lostSightings.alertId))
      .innerJoin(dogProfiles, eq(dogProfiles.id, lostAlerts.dogId))
      .leftJoin(profiles, eq(profiles.userId, lostAlerts.userId))
      .where(
        and(
          eq(lostSightings.id, sightingId),
          sql`${lostSightings.userId} <> ${lostAlerts.userId}`,
          or(
            and(eq(lostAlerts.userId, userId), shownTo(userId, lostSightings.userId)),
            and(eq(lostSightings.userId, userId), shownTo(userId, lostAlerts.userId)),
          ),
        ),
      );
    if (!sighting) throw new AppError('NOT_FOUND');
    return chatOfAlert(deps, tx, {
      ...sighting,
      chatName: chatNameOf({ name: sighting.dogName, breed: sighting.dogBreed }, sighting.ownerName),
    });
  });
}

/**
 * "Is it yours? Write to the finder": my conversation with whoever found a dog (issue 33 §5), while their
 * post is open. My own post, a lost dog's alert, one hidden either way or closed: NOT_FOUND.
 */
export function contactFinder(deps: ServiceDeps, userId: string, alertId: string) {
  return transact(deps.db, async (tx) => {
    const [alert] = await tx
      .select({ finderId: lostAlerts.userId, looks: lostAlerts.looks, finderName: profiles.fullName })
      .from(lostAlerts)
      .leftJoin(profiles, eq(profiles.userId, lostAlerts.userId))
      .where(
        and(
          eq(lostAlerts.id, alertId),
          eq(lostAlerts.kind, 'found'),
          eq(lostAlerts.status, 'open'),
          sql`${lostAlerts.expiresAt} > now()`,
          sql`${lostAlerts.userId} <> ${userId}`,
          alertSeenBy(userId),
          activeUser(lostAlerts.userId),
        ),
      );
    if (!alert) throw new AppError('NOT_FOUND');
    return chatOfAlert(deps, tx, {
      alertId,
      ownerId: alert.finderId,
      helperId: userId,
      dogId: null,
      chatName: `${alert.looks ?? ''} · ${alert.finderName ?? ''}`.trim(),
    });
  });
}
