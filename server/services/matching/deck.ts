import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { bornOnBounds, utcMonthIndex } from '#shared/domain/dog-age';
import type { DeckCard, DeckFilters } from '#shared/schemas/deck';
import type { DbOrTx } from '../../db/client';
import { deckFilters, dogProfiles, profiles, users } from '../../db/schema';
import { parseFilters } from './deck-filters';
import {
  filtersKey,
  nextPosition,
  positionFor,
  positionsFrom,
  recheckDue,
  savePosition,
} from './deck-positions';
import { inWalk, ringOf, seedOf, UNKNOWN_BUCKET, type Walk, walksFrom } from './deck-walks';
import type { ServiceDeps } from '../deps';
import { dogView, ownerCard, ownerCardColumns } from './dogs';
import { deckDogFor } from '../safety/visibility';

/** Cards a signed-out visitor may try the deck with (DECISIONS 12). */
const DEMO_DECK_SIZE = 30;

/** The filters as a condition on dog_profiles; ages are counted in `month` (a month index, UTC). */
function matching(filters: DeckFilters, month: number): SQL | undefined {
  const { latestBornOn, bornAfter } = bornOnBounds(filters.ageMin, filters.ageMax, month);
  const conditions: (SQL | undefined)[] = [];
  if (filters.sizes.length) conditions.push(inArray(dogProfiles.size, filters.sizes));
  if (filters.energies.length) conditions.push(inArray(dogProfiles.energy, filters.energies));
  if (filters.playStyles.length) conditions.push(inArray(dogProfiles.playStyle, filters.playStyles));
  if (filters.breeds.length) conditions.push(inArray(dogProfiles.breed, filters.breeds));
  if (filters.gender) conditions.push(eq(dogProfiles.gender, filters.gender));
  if (latestBornOn) conditions.push(lte(dogProfiles.bornOn, latestBornOn));
  if (bornAfter) conditions.push(gt(dogProfiles.bornOn, bornAfter));
  if (filters.vaccinated) conditions.push(eq(dogProfiles.vaccinated, true));
  if (filters.neutered) conditions.push(eq(dogProfiles.neutered, true));
  if (filters.goodWithSmallDogs) conditions.push(eq(dogProfiles.goodWithSmallDogs, true));
  return and(...conditions);
}

interface Card {
  dog: typeof dogProfiles.$inferSelect;
  owner: Parameters<typeof ownerCard>[1];
  ring: number;
}

async function cards(
  db: DbOrTx,
  where: SQL | undefined,
  seed: number,
  limit: number,
  order: AnyPgColumn = dogProfiles.shuffleKey,
): Promise<Card[]> {
  if (limit <= 0) return [];
  return db
    .select({ dog: dogProfiles, owner: ownerCardColumns, ring: sql<number>`${ringOf(seed)}`.mapWith(Number) })
    .from(dogProfiles)
    .innerJoin(profiles, eq(profiles.userId, dogProfiles.userId))
    .where(where)
    .orderBy(asc(order))
    .limit(limit);
}

/**
 * The first `limit` dogs of `walk` that `shown` lets through, from `position` on in the user's order: an
 * index range scan from there to the end of the circle, then from its start back to the seed.
 */
async function walkFrom(db: DbOrTx, walk: Walk, shown: SQL, seed: number, position: number, limit: number) {
  const start = seed + position;
  const ranges =
    start < 1
      ? [gte(dogProfiles.shuffleKey, start), lt(dogProfiles.shuffleKey, seed)]
      : [and(gte(dogProfiles.shuffleKey, start - 1), lt(dogProfiles.shuffleKey, seed))!];
  const found: Card[] = [];
  for (const range of ranges) {
    const wanted = limit - found.length;
    if (wanted > 0) found.push(...(await cards(db, inWalk(walk, and(shown, range)!, wanted), seed, wanted)));
  }
  return found;
}

/**
 * Other owners' dogs the user has not liked or passed, that the filters let through, within the radius of
 * the chosen dog's place: nearest bucket first, each bucket in the user's order (deck-walks.ts), each walk
 * going on from its position (deck-positions.ts). A light user's call is two statements: the chosen dog
 * with the filters and positions, and the cards.
 */
export async function deck(
  deps: ServiceDeps,
  userId: string,
  input: { fromDogId: string; limit: number },
): Promise<DeckCard[]> {
  const { db } = deps;
  const [from] = await db
    .select({
      placeId: dogProfiles.placeId,
      originCountry: dogProfiles.originCountry,
      location: dogProfiles.location,
      filters: sql`(select ${deckFilters.filters} from ${deckFilters} where ${deckFilters.userId} = ${userId})`,
      positions: positionsFrom(userId, dogProfiles.placeId),
    })
    .from(dogProfiles)
    .where(and(eq(dogProfiles.id, input.fromDogId), eq(dogProfiles.userId, userId)));
  if (!from) throw new AppError('NOT_FOUND');
  const filters = parseFilters(from.filters);
  const month = utcMonthIndex();
  const key = filtersKey(filters, month);
  const seed = seedOf(userId);
  const shown = and(deckDogFor(db, userId), matching(filters, month))!;

  const result: DeckCard[] = [];
  for (const walk of await walksFrom(db, from, filters.radiusKm)) {
    const wanted = input.limit - result.length;
    if (wanted <= 0) break;
    const saved = walk.key && positionFor(from.positions, walk.bucket, filters, key, month);
    const position = saved?.position ?? 0;
    const startedAt = Date.now();
    const rechecked = recheckDue(saved, startedAt);
    // Dogs changed behind the position since the walk passed them (new, edited, moved, back from a suspension).
    const changed =
      saved && rechecked
        ? await cards(
            db,
            and(
              shown,
              walk.where,
              gt(dogProfiles.updatedAt, saved.checkedAt),
              sql`${ringOf(seed)} < ${position}`,
            ),
            seed,
            wanted,
            dogProfiles.updatedAt,
          )
        : [];
    // A walk at its end (1) has nothing ahead.
    const ahead =
      position < 1 ? await walkFrom(db, walk, shown, seed, position, wanted - changed.length) : [];
    for (const card of [...changed, ...ahead])
      result.push({
        ...dogView(deps.storage, card.dog),
        owner: ownerCard(deps.storage, card.owner),
        distance: walk.bucket === UNKNOWN_BUCKET ? null : walk.bucket,
      });
    if (!walk.key) continue;
    const next = nextPosition(saved, key, {
      startedAt,
      rechecked,
      changed: changed.length,
      ahead: ahead.map((card) => card.ring),
      wanted: wanted - changed.length,
    });
    if (next) await savePosition(db, userId, walk.key, key, next, saved);
  }
  return result;
}

/** The demo accounts' dogs (accounts without a password), for signed-out visitors. */
export async function demoDeck(deps: ServiceDeps): Promise<DeckCard[]> {
  const demoOwners = deps.db.select({ id: users.id }).from(users).where(isNull(users.passwordHash));
  const rows = await cards(deps.db, inArray(dogProfiles.userId, demoOwners), 0, DEMO_DECK_SIZE);
  return rows.map((row) => ({
    ...dogView(deps.storage, row.dog),
    owner: ownerCard(deps.storage, row.owner),
    distance: null,
  }));
}
