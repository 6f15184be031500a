import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { roundedArea } from '#shared/domain/lost';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { LostSightingView, lostSightInput } from '#shared/schemas/lost';
import { lockKeys } from '../../db/advisory-lock';
import { storedAlready } from '../../db/client-ids';
import { transact } from '../../db/transact';
import { crashPoint } from '../../crash-points';
import { chats, dogProfiles, lostAlerts, lostSightings, profiles } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { publishRequests, writeNotices } from '../notices/notifications';
import { activeUser, shownTo } from '../safety/visibility';
import { attachUploads, photoOf } from '../uploads';
import { alertSeenBy, nearestTown } from './lost-alerts';

/**
 * Sightings of a lost dog (issue 33 §6): anyone signed in who may see an open alert says where and when they
 * saw the dog; its owner hears of it at once (a 'lost_sighting' notice: live in the app, pushed or mailed by
 * their choice of lost-dog news), and the two talk in a conversation of their own, never by phone or address.
 */

/**
 * I saw the dog of an open alert. LIMITS.lostAlert.sightingsPerDay a day per account (DAILY_LIMIT), under
 * my advisory lock; a retry with the same id stores nothing more. An alert not open or hidden: NOT_FOUND.
 */
export async function addSighting(
  deps: ServiceDeps,
  userId: string,
  input: z.output<typeof lostSightInput>,
): Promise<LostSightingView> {
  await transact(deps.db, async (tx) => {
    await lockKeys(tx, [`sighting:${userId}`]);
    if (await storedAlready(tx, lostSightings, input.id, userId)) return;
    const [alert] = await tx
      .select({ ownerId: lostAlerts.userId, dogId: lostAlerts.dogId })
      .from(lostAlerts)
      .where(
        and(
          eq(lostAlerts.id, input.alertId),
          // A found dog is with its finder: who knows it writes to them instead.
          eq(lostAlerts.kind, 'lost'),
          eq(lostAlerts.status, 'open'),
          sql`${lostAlerts.expiresAt} > now()`,
          alertSeenBy(userId),
          activeUser(lostAlerts.userId),
        ),
      )
      // Not closed meanwhile: its owner's "found" waits for the sighting, and tells of it.
      .for('share');
    if (!alert) throw new AppError('NOT_FOUND');
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(lostSightings)
      .where(
        and(eq(lostSightings.userId, userId), sql`${lostSightings.createdAt} > now() - interval '1 day'`),
      );
    const max = LIMITS.lostAlert.sightingsPerDay;
    if ((today?.n ?? 0) >= max) throw new AppError('DAILY_LIMIT', { max });
    if (input.photo) await attachUploads(tx, userId, 'lost', [input.photo]);
    const [sighting] = await tx
      .insert(lostSightings)
      .values({
        id: input.id,
        alertId: input.alertId,
        userId,
        lat: input.lat,
        lon: input.lon,
        town: sql`(${nearestTown(input)})`,
        seenAt: input.seenAt,
        note: input.note,
        photo: input.photo ?? null,
      })
      .returning({ town: lostSightings.town });
    // The owner's own sighting is a note on their map, not news for them.
    if (alert.ownerId === userId) return;
    const told = await writeNotices(tx, [
      {
        ownerId: alert.ownerId,
        userId,
        dogId: alert.dogId,
        notificationType: 'lost_sighting',
        lostAlertId: input.alertId,
        detail: sighting?.town ?? null,
      },
    ]);
    await publishRequests(deps, told, tx);
  });
  crashPoint('sighting:committed');
  const [view] = await sightingsOf(deps, userId, input.alertId, input.id);
  if (!view) throw new AppError('NOT_FOUND');
  return view;
}

/**
 * An alert's sightings (or the one of id `only`), oldest first, of authors not hidden from the viewer. The
 * alert's owner and each sighting's author see its point and who saw it; everyone else the point rounded
 * and no name.
 */
export async function sightingsOf(
  deps: ServiceDeps,
  viewerId: string,
  alertId: string,
  only?: string,
): Promise<LostSightingView[]> {
  const [alert] = await deps.db
    .select({ ownerId: lostAlerts.userId })
    .from(lostAlerts)
    .where(and(eq(lostAlerts.id, alertId), alertSeenBy(viewerId)));
  if (!alert) throw new AppError('NOT_FOUND');
  const owner = alert.ownerId === viewerId;
  const rows = await deps.db
    .select({
      id: lostSightings.id,
      userId: lostSightings.userId,
      lat: lostSightings.lat,
      lon: lostSightings.lon,
      town: lostSightings.town,
      seenAt: lostSightings.seenAt,
      note: lostSightings.note,
      photo: lostSightings.photo,
      name: profiles.fullName,
      // The conversation of this sighting's author with the owner, for either of the two.
      chatId: sql<string | null>`(select c.id from ${chats} c
        where c.lost_alert_id = ${lostSightings.alertId} and c.user_id = ${lostSightings.userId}
          and (c.owner_id = ${viewerId} or c.user_id = ${viewerId}))`,
    })
    .from(lostSightings)
    .leftJoin(profiles, eq(profiles.userId, lostSightings.userId))
    .where(
      and(
        eq(lostSightings.alertId, alertId),
        only === undefined ? undefined : eq(lostSightings.id, only),
        or(eq(lostSightings.userId, viewerId), shownTo(viewerId, lostSightings.userId)),
      ),
    )
    .orderBy(asc(lostSightings.seenAt), asc(lostSightings.createdAt));
  return rows.map((row) => {
    const mine = row.userId === viewerId;
    const exact = owner || mine;
    return {
      id: row.id,
      ...(exact ? { lat: row.lat, lon: row.lon } : roundedArea(row)),
      town: row.town,
      seenAt: row.seenAt,
      note: row.note,
      photo: row.photo ? photoOf(deps.storage, row.photo) : null,
      mine,
      by: exact ? { userId: row.userId, name: row.name ?? '' } : null,
      chatId: row.chatId,
    };
  });
}

/** An account's sightings, for its data export. */
export const lostSightingsOfUser = (db: DbOrTx, userId: string) =>
  db
    .select({
      dog: dogProfiles.name,
      lat: lostSightings.lat,
      lon: lostSightings.lon,
      seenAt: lostSightings.seenAt,
      note: lostSightings.note,
      createdAt: lostSightings.createdAt,
    })
    .from(lostSightings)
    .innerJoin(lostAlerts, eq(lostAlerts.id, lostSightings.alertId))
    .innerJoin(dogProfiles, eq(dogProfiles.id, lostAlerts.dogId))
    .where(eq(lostSightings.userId, userId))
    .orderBy(lostSightings.createdAt);
