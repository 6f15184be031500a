import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { daysBefore } from '#shared/domain/days';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { checkInInput, HereNow } from '#shared/schemas/spots';
import { lockKeys } from '../../db/advisory-lock';
import { storedAlready } from '../../db/client-ids';
import type { DbOrTx } from '../../db/client';
import { transact } from '../../db/transact';
import { crashPoint } from '../../crash-points';
import { checkInDogs, checkIns, dogProfiles, profiles, spots } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { activeUser, shownTo } from '../safety/visibility';
import { photoOf } from '../uploads';
import { publishedSpot, spotVisibleTo } from './spots';

/**
 * "We're here now" (issue 33 §4). Who sees what of a check-in at a place: its owner all of it; the owner's
 * matches (and, when the owner chose so, every signed-in owner) its dogs by name; everyone else how many dogs
 * are there. Never a point finer than the place; nothing at all between two owners hidden from each other
 * (a block either way, a suspension).
 */

/** An owner's matches with `other`, either way round (any of their dogs). */
export const matchedWith = (viewerId: string, other: unknown) => sql`exists (select 1 from matches m
  where (m.user1_id = ${viewerId} and m.user2_id = ${other}) or (m.user2_id = ${viewerId} and m.user1_id = ${other}))`;

/**
 * Checks some of my dogs in at a published place for `minutes`, ending my open check-in elsewhere; the
 * owner's matches who asked for it hear of it by push (the `check-in` job, queued with the check-in: it
 * exists if and only if the check-in does). A retry with the same id is answered as the first was.
 */
export async function checkIn(
  deps: ServiceDeps,
  userId: string,
  input: z.output<typeof checkInInput>,
): Promise<HereNow> {
  const spotId = await transact(deps.db, async (tx) => {
    await lockKeys(tx, [`check-in:${userId}`]);
    if (await storedAlready(tx, checkIns, input.id, userId)) {
      const [stored] = await tx
        .select({ spotId: checkIns.spotId })
        .from(checkIns)
        .where(eq(checkIns.id, input.id));
      return stored!.spotId;
    }
    // Locked against removal until the check-in is stored (a place removed meanwhile: NOT_FOUND).
    const [spot] = await tx
      .select({ id: spots.id })
      .from(spots)
      .where(and(eq(spots.id, input.spotId), publishedSpot))
      .for('key share', { of: spots });
    if (!spot) throw new AppError('NOT_FOUND');
    const mine = await tx
      .select({ id: dogProfiles.id })
      .from(dogProfiles)
      .where(and(inArray(dogProfiles.id, input.dogIds), eq(dogProfiles.userId, userId)))
      .for('key share', { of: dogProfiles });
    if (mine.length !== input.dogIds.length) throw new AppError('NOT_FOUND');
    const [today] = await tx
      .select({ n: count() })
      .from(checkIns)
      .where(and(eq(checkIns.userId, userId), gt(checkIns.createdAt, daysBefore(Date.now(), 1))));
    if ((today?.n ?? 0) >= LIMITS.checkIn.perDay)
      throw new AppError('DAILY_LIMIT', { max: LIMITS.checkIn.perDay });
    await endOpen(tx, userId);
    await tx.insert(checkIns).values({
      id: input.id,
      spotId: input.spotId,
      userId,
      audience: input.audience,
      endsAt: sql`now() + ${`${input.minutes} minutes`}::interval`,
    });
    await tx.insert(checkInDogs).values(input.dogIds.map((dogId) => ({ checkInId: input.id, dogId })));
    await deps.notify.checkIn(input.id, tx);
    return input.spotId;
  });
  crashPoint('check-in:committed');
  return hereNow(deps, userId, spotId);
}

const endOpen = (db: DbOrTx, userId: string) =>
  db
    .update(checkIns)
    .set({ endsAt: sql`now()` })
    .where(and(eq(checkIns.userId, userId), gt(checkIns.endsAt, sql`now()`)));

/** Ends my open check-in now (none: nothing changes). */
export async function checkOut(deps: ServiceDeps, userId: string): Promise<{ ok: true }> {
  await endOpen(deps.db, userId);
  return { ok: true };
}

/** Who is at a place now, as the viewer may see it (a visitor: how many dogs). */
export async function hereNow(deps: ServiceDeps, viewerId: string | null, spotId: string): Promise<HereNow> {
  const [spot] = await deps.db
    .select({ id: spots.id })
    .from(spots)
    .where(and(eq(spots.id, spotId), spotVisibleTo(viewerId)));
  if (!spot) throw new AppError('NOT_FOUND');
  const rows = await deps.db
    .select({
      id: checkIns.id,
      userId: checkIns.userId,
      audience: checkIns.audience,
      until: checkIns.endsAt,
      ownerName: profiles.fullName,
      match: viewerId ? sql<boolean>`${matchedWith(viewerId, checkIns.userId)}` : sql<boolean>`false`,
      dogId: dogProfiles.id,
      dogName: dogProfiles.name,
      dogPhotos: dogProfiles.photos,
    })
    .from(checkIns)
    .innerJoin(checkInDogs, eq(checkInDogs.checkInId, checkIns.id))
    .innerJoin(dogProfiles, eq(dogProfiles.id, checkInDogs.dogId))
    .leftJoin(profiles, eq(profiles.userId, checkIns.userId))
    .where(
      and(
        eq(checkIns.spotId, spotId),
        gt(checkIns.endsAt, sql`now()`),
        viewerId ? shownTo(viewerId, checkIns.userId) : activeUser(checkIns.userId),
      ),
    )
    .orderBy(checkIns.endsAt, checkIns.id, dogProfiles.name);
  const view: HereNow = { dogs: rows.length, shown: [], mine: null, elsewhere: null };
  const byId = new Map<string, HereNow['shown'][number]>();
  for (const row of rows) {
    const dog = {
      id: row.dogId,
      name: row.dogName,
      photo: row.dogPhotos[0] ? photoOf(deps.storage, row.dogPhotos[0]) : null,
    };
    if (row.userId === viewerId) {
      view.mine ??= { id: row.id, until: row.until, audience: row.audience, dogs: [] };
      view.mine.dogs.push(dog);
      continue;
    }
    if (!viewerId || !(row.match || row.audience === 'everyone')) continue;
    let shown = byId.get(row.id);
    if (!shown) {
      shown = { id: row.id, ownerName: row.ownerName ?? '', match: row.match, until: row.until, dogs: [] };
      byId.set(row.id, shown);
      view.shown.push(shown);
    }
    shown.dogs.push(dog);
  }
  if (viewerId && !view.mine) {
    const [open] = await deps.db
      .select({ spotId: spots.id, spotName: spots.name })
      .from(checkIns)
      .innerJoin(spots, eq(spots.id, checkIns.spotId))
      .where(and(eq(checkIns.userId, viewerId), gt(checkIns.endsAt, sql`now()`)));
    view.elsewhere = open ?? null;
  }
  return view;
}
