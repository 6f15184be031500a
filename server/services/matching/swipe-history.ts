import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { DeckCard, LikedDog } from '#shared/schemas/deck';
import { dogProfiles, notifications, profiles, swipes } from '../../db/schema';
import { rewindTo } from './deck-positions';
import { bucketBetween } from './deck-walks';
import type { ServiceDeps } from '../deps';
import { dogView, ownerCard, ownerCardColumns } from './dogs';
import { shownTo } from '../safety/visibility';

/**
 * Undo (issue 20): the last pass made in `fromDogId`'s deck is taken back, free, as many times in a row as
 * there are passes; the dog goes back on top of the deck (its card is the answer) and the walk that passed it
 * is put back before it. Likes are taken back from the list of dogs I liked instead (requests.withdraw).
 */
export async function undoPass(
  deps: ServiceDeps,
  userId: string,
  fromDogId: string,
): Promise<DeckCard | null> {
  const dogId = await deps.db.transaction(async (tx) => {
    const [from] = await tx
      .select({ id: dogProfiles.id })
      .from(dogProfiles)
      .where(and(eq(dogProfiles.id, fromDogId), eq(dogProfiles.userId, userId)));
    if (!from) throw new AppError('NOT_FOUND');
    const [last] = await tx
      .select({ dogId: swipes.dogId })
      .from(swipes)
      .where(and(eq(swipes.userId, userId), eq(swipes.liked, false), eq(swipes.fromDogId, fromDogId)))
      .orderBy(desc(swipes.createdAt))
      .limit(1)
      .for('update');
    if (!last) throw new AppError('NOTHING_TO_UNDO');
    await tx.delete(swipes).where(and(eq(swipes.userId, userId), eq(swipes.dogId, last.dogId)));
    await rewindTo(tx, userId, last.dogId);
    return last.dogId;
  });
  // The card, unless its owner has been hidden from me since (then the pass is simply gone).
  const [row] = await deps.db
    .select({ dog: dogProfiles, owner: ownerCardColumns, distance: bucketBetween(fromDogId, dogProfiles.id) })
    .from(dogProfiles)
    .innerJoin(profiles, eq(profiles.userId, dogProfiles.userId))
    .where(and(eq(dogProfiles.id, dogId), shownTo(userId, dogProfiles.userId)));
  if (!row) return null;
  return {
    ...dogView(deps.storage, row.dog),
    owner: ownerCard(deps.storage, row.owner),
    distance: row.distance,
  };
}

/**
 * The dogs I liked, newest first, a page after `cursor`, with my request for each: a pending one can be
 * withdrawn (requests.withdraw), which also takes the dog off this list and back into my deck.
 */
export async function likedDogs(
  deps: ServiceDeps,
  userId: string,
  cursor: { likedAt: Date; dogId: string } | null | undefined,
): Promise<{ items: LikedDog[]; nextCursor: { likedAt: Date; dogId: string } | null }> {
  const pageSize = LIMITS.deck.likedPageSize;
  // In milliseconds, as the cursor travels (a JavaScript date).
  const likedAt = sql<Date>`date_trunc('milliseconds', ${swipes.createdAt})`;
  const rows = await deps.db
    .select({
      dog: dogProfiles,
      owner: ownerCardColumns,
      likedAt: sql<Date>`${likedAt}`.mapWith(swipes.createdAt),
      requestId: notifications.id,
      status: notifications.status,
    })
    .from(swipes)
    .innerJoin(dogProfiles, eq(dogProfiles.id, swipes.dogId))
    .innerJoin(profiles, eq(profiles.userId, dogProfiles.userId))
    .leftJoin(
      notifications,
      and(
        eq(notifications.notificationType, 'request'),
        eq(notifications.userId, userId),
        eq(notifications.dogId, swipes.dogId),
      ),
    )
    .where(
      and(
        eq(swipes.userId, userId),
        eq(swipes.liked, true),
        shownTo(userId, dogProfiles.userId),
        cursor
          ? sql`(${likedAt}, ${swipes.dogId}) < (${cursor.likedAt.toISOString()}::timestamptz, ${cursor.dogId})`
          : undefined,
      ),
    )
    .orderBy(desc(likedAt), desc(swipes.dogId))
    .limit(pageSize + 1);
  const items = rows.slice(0, pageSize).map((row) => ({
    dog: { ...dogView(deps.storage, row.dog), owner: ownerCard(deps.storage, row.owner) },
    likedAt: row.likedAt,
    request: row.requestId && row.status ? { id: row.requestId, status: row.status } : null,
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > pageSize && last ? { likedAt: last.likedAt, dogId: last.dog.id } : null,
  };
}
