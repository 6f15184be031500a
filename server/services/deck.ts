import { and, asc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { bucketsWithin } from '../../src/domain/distance';
import { AppError } from '../../src/errors';
import { LIMITS } from '../../src/limits';
import type { DeckFilters } from '../../src/schemas/deck';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { deckPositions, dogProfiles, profiles, users } from '../db/schema';
import { filtersOf } from './deck-filters';
import type { ServiceDeps } from './deps';
import { type Dog, type DogOwner, dogView, ownerCard, ownerCardColumns } from './dogs';
import { deckDogFor } from './visibility';

/** A card: the dog, its owner's card, and how far it is from the chosen dog as a bucket (null: unknown). */
export type DeckDog = Dog & { owner: DogOwner; distance: number | null };

/** Cards a signed-out visitor may try the deck with (DECISIONS 12). */
const DEMO_DECK_SIZE = 30;

/** Dogs of places without coordinates (free-text places abroad) come after every distance bucket. */
const UNKNOWN_BUCKET = LIMITS.deck.bucketsKm.length + 1;

/** Buckets of more places than this are walked along the shuffle order alone (see walksFrom). */
const MANY_PLACES = 8;

/** Dogs changed this long before a walk looked at them are looked at again (clocks of several instances). */
const CHECK_MARGIN_MS = 60_000;

/*
 * The deck (issue 20). Dogs come nearest bucket first ("< 5 km", "5–20 km", …, then places without
 * coordinates); within a bucket in a random order that is fixed per user: each dog has a random
 * `shuffle_key` in [0, 1), and a user walks that circle from their own starting point (`seedOf`), so the
 * order within a bucket says nothing about distance.
 *
 * Heavy swipers: a user's swiped dogs are the ones their walk passed, so each walk keeps its position
 * (`deck_positions`, per user, place of the chosen dog and bucket): every dog before it was swiped, or left out
 * by the filters, when the walk passed it. A deck call reads on from the position and moves it up to the
 * first card it answers, so it reads the dogs swiped since the last call and not the thousands before.
 * What can put a dog the user has not swiped behind a position is looked at separately:
 * - a dog created, edited or moved since the walk passed (`updated_at` after the position's `checked_at`;
 *   unblocking touches the two users' dogs) — a second, small read of the dogs changed since;
 * - an undone pass or a withdrawn like (`rewindTo` puts the position back before that dog);
 * - other filters: a position keeps the filters it was walked with (`filters_key`), other filters walk
 *   from the start.
 */

/** Where `userId`'s walk starts on the circle of shuffle keys: from the id, so it needs no storage. */
export const seedOf = (userId: string) => Number.parseInt(userId.slice(0, 8), 16) / 2 ** 32;

/** A dog's place in the user's walk, in [0, 1). */
const ringOf = (seed: number): SQL =>
  sql`(case when ${dogProfiles.shuffleKey} >= ${seed} then ${dogProfiles.shuffleKey} - ${seed}
    else ${dogProfiles.shuffleKey} - ${seed} + 1 end)`;

/** The walk's part of the dog filters (not the radius): a position is valid for these only. */
export function filtersKey(filters: DeckFilters): string {
  const { radiusKm: _radius, ...rest } = filters;
  return JSON.stringify(rest);
}

/** The filters as a condition on dog_profiles. */
function matching(filters: DeckFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.sizes.length) conditions.push(inArray(dogProfiles.size, filters.sizes));
  if (filters.energies.length) conditions.push(inArray(dogProfiles.energy, filters.energies));
  if (filters.playStyles.length) conditions.push(inArray(dogProfiles.playStyle, filters.playStyles));
  if (filters.breeds.length) conditions.push(inArray(dogProfiles.breed, filters.breeds));
  if (filters.gender) conditions.push(eq(dogProfiles.gender, filters.gender));
  if (filters.ageMin > LIMITS.dogAge.min) conditions.push(gte(dogProfiles.age, filters.ageMin));
  if (filters.ageMax < LIMITS.dogAge.max) conditions.push(sql`${dogProfiles.age} <= ${filters.ageMax}`);
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
 * The first `limit` dogs matching `where` from `position` on in the user's walk: an index range scan from
 * the seed's point to the end of the circle, then from its start back to the seed.
 */
async function walkFrom(db: DbOrTx, where: SQL | undefined, seed: number, position: number, limit: number) {
  const start = seed + position;
  const parts =
    start < 1
      ? [gte(dogProfiles.shuffleKey, start), lt(dogProfiles.shuffleKey, seed)]
      : [and(gte(dogProfiles.shuffleKey, start - 1), lt(dogProfiles.shuffleKey, seed))];
  const found: Card[] = [];
  for (const part of parts) found.push(...(await cards(db, and(where, part), seed, limit - found.length)));
  return found;
}

/** The distance bucket (LIMITS.deck.bucketsKm) between two rows of `places`, in SQL. */
const bucketOf = (a: SQL, b: SQL) =>
  sql`width_bucket(earth_distance(ll_to_earth(${a}.lat, ${a}.lon), ll_to_earth(${b}.lat, ${b}.lon)),
    ${sql.raw(`array[${LIMITS.deck.bucketsKm.map((km) => km * 1000).join(', ')}]::float8[]`)})`;

/** The distance bucket between two dogs' places; null where either place has no coordinates. */
export const bucketBetween = (fromDogId: string, dogId: AnyPgColumn) =>
  sql<number | null>`(select ${bucketOf(sql`pa`, sql`pb`)} from dog_profiles a
    join places pa on pa.id = a.place_id, dog_profiles b join places pb on pb.id = b.place_id
    where a.id = ${fromDogId} and b.id = ${dogId})`.mapWith((value) =>
    value === null ? null : Number(value),
  );

/** The places in each distance bucket around `placeId` within `radiusKm` (null: all), nearest first. */
async function bucketsAround(db: DbOrTx, placeId: number, radiusKm: number | null): Promise<number[][]> {
  const key = `${placeId}:${radiusKm}`;
  const cached = bucketCache.get(key);
  if (cached) return cached;
  const within =
    radiusKm === null
      ? sql`true`
      : sql`earth_box(ll_to_earth(f.lat, f.lon), ${radiusKm * 1000}) @> ll_to_earth(p.lat, p.lon)
          and earth_distance(ll_to_earth(f.lat, f.lon), ll_to_earth(p.lat, p.lon)) < ${radiusKm * 1000}`;
  const rows = rowsOf<{ id: number; bucket: number }>(
    await db.execute(sql`select p.id, ${bucketOf(sql`f`, sql`p`)} as bucket
      from places f, places p where f.id = ${placeId} and ${within}`),
  );
  const buckets: number[][] = Array.from({ length: bucketsWithin(radiusKm) }, () => []);
  for (const row of rows) buckets[Number(row.bucket)]?.push(Number(row.id));
  bucketCache.set(key, buckets);
  return buckets;
}
/** Places do not change while the server runs (they come with migrations). */
const bucketCache = new Map<string, number[][]>();

export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

interface Walk {
  bucket: number;
  /** The dogs of the bucket. */
  where: SQL;
  /** Where this walk's position is kept; none for a chosen dog without coordinates. */
  key?: { fromPlaceId: number; bucket: number };
}

/** The walks of a deck from the chosen dog's place, nearest first. */
async function walksFrom(
  db: DbOrTx,
  from: { placeId: number | null; originCountry: string | null; location: string },
  radiusKm: number | null,
): Promise<Walk[]> {
  if (from.placeId === null) {
    // A free-text place: its own dogs first, then the rest (distance unknown).
    const here = and(
      eq(dogProfiles.location, from.location),
      sql`${dogProfiles.originCountry} is not distinct from ${from.originCountry}`,
    )!;
    return [
      { bucket: 0, where: here },
      { bucket: UNKNOWN_BUCKET, where: sql`not (${here})` },
    ];
  }
  const placeId = from.placeId;
  const buckets = await bucketsAround(db, placeId, radiusKm);
  // A bucket of many places is read along the shuffle order alone (`+ 0` keeps the planner off the place
  // index, whose bitmap of every dog there would then be sorted); a bucket of a few along each place's order.
  const inPlaces = (ids: number[]) =>
    ids.length > MANY_PLACES
      ? sql`(${dogProfiles.placeId} + 0) = any(${`{${ids.join(',')}}`}::int[])`
      : inArray(dogProfiles.placeId, ids);
  const walks: Walk[] = buckets.flatMap((ids, bucket) =>
    ids.length ? [{ bucket, where: inPlaces(ids), key: { fromPlaceId: placeId, bucket } }] : [],
  );
  if (radiusKm === null)
    walks.push({
      bucket: UNKNOWN_BUCKET,
      where: isNull(dogProfiles.placeId),
      key: { fromPlaceId: placeId, bucket: UNKNOWN_BUCKET },
    });
  return walks;
}

/**
 * Other owners' dogs the user has not liked or passed, that the filters let through, within the radius of
 * the chosen dog's place: nearest bucket first, each bucket in the user's order (see above).
 */
export async function deck(
  deps: ServiceDeps,
  userId: string,
  input: { fromDogId: string; limit: number },
): Promise<DeckDog[]> {
  const { db } = deps;
  const [from] = await db
    .select({
      placeId: dogProfiles.placeId,
      originCountry: dogProfiles.originCountry,
      location: dogProfiles.location,
    })
    .from(dogProfiles)
    .where(and(eq(dogProfiles.id, input.fromDogId), eq(dogProfiles.userId, userId)));
  if (!from) throw new AppError('NOT_FOUND');
  const filters = await filtersOf(db, userId);
  const key = filtersKey(filters);
  const seed = seedOf(userId);
  const shown = and(deckDogFor(db, userId), matching(filters));
  const positions =
    from.placeId === null
      ? []
      : await db
          .select()
          .from(deckPositions)
          .where(and(eq(deckPositions.userId, userId), eq(deckPositions.fromPlaceId, from.placeId)));

  const result: DeckDog[] = [];
  for (const walk of await walksFrom(db, from, filters.radiusKm)) {
    const wanted = input.limit - result.length;
    if (wanted <= 0) break;
    const saved = walk.key && positions.find((row) => row.bucket === walk.bucket);
    const valid = saved && saved.filtersKey === key ? saved : undefined;
    const position = valid?.position ?? 0;
    const startedAt = new Date(Date.now() - CHECK_MARGIN_MS);
    const where = and(shown, walk.where);
    // Dogs changed since the walk passed them (new, edited, moved, unblocked): few, read by their time.
    const changed = valid
      ? await cards(
          db,
          and(where, gt(dogProfiles.updatedAt, valid.checkedAt), sql`${ringOf(seed)} < ${position}`),
          seed,
          wanted,
          dogProfiles.updatedAt,
        )
      : [];
    // A walk at its end (1) has nothing ahead: only changed dogs can come from it.
    const ahead = position < 1 ? await walkFrom(db, where, seed, position, wanted - changed.length) : [];
    for (const card of [...changed, ...ahead])
      result.push({
        ...dogView(deps.storage, card.dog),
        owner: ownerCard(deps.storage, card.owner),
        distance: walk.bucket === UNKNOWN_BUCKET ? null : walk.bucket,
      });
    if (!walk.key) continue;
    // Up to the first card answered (the user has not swiped it yet), or the end when the walk found none.
    const next = {
      position: ahead[0]?.ring ?? (ahead.length < wanted - changed.length ? 1 : position),
      checkedAt: changed.length ? (valid?.checkedAt ?? startedAt) : startedAt,
    };
    await savePosition(db, userId, walk.key, key, next, saved);
  }
  return result;
}

/**
 * Stores a walk's new position unless another call or a rewind changed it since it was read (the row is
 * compared with what was read), so a position never moves past a dog that an undo has just given back.
 */
async function savePosition(
  db: DbOrTx,
  userId: string,
  walk: { fromPlaceId: number; bucket: number },
  filtersKey: string,
  next: { position: number; checkedAt: Date },
  read: typeof deckPositions.$inferSelect | undefined,
) {
  if (
    read &&
    read.filtersKey === filtersKey &&
    read.position === next.position &&
    +read.checkedAt === +next.checkedAt
  )
    return;
  await db
    .insert(deckPositions)
    .values({ userId, ...walk, filtersKey, ...next })
    .onConflictDoUpdate({
      target: [deckPositions.userId, deckPositions.fromPlaceId, deckPositions.bucket],
      set: { filtersKey, ...next },
      setWhere: read
        ? and(
            eq(deckPositions.position, read.position),
            eq(deckPositions.checkedAt, read.checkedAt),
            eq(deckPositions.filtersKey, read.filtersKey),
          )
        : sql`false`,
    });
}

/**
 * `dogId` is back in the user's deck (an undone pass, a withdrawn like): every walk of theirs that passed it
 * goes back to just before it.
 */
export async function rewindTo(db: DbOrTx, userId: string, dogId: string) {
  const seed = seedOf(userId);
  await db.execute(sql`update deck_positions w set position = d.ring
    from (select ${ringOf(seed)} as ring, ${dogProfiles.placeId} as place_id from ${dogProfiles}
      where ${dogProfiles.id} = ${dogId}) d
    where w.user_id = ${userId} and w.position > d.ring and w.bucket = case
      when d.place_id is null then ${UNKNOWN_BUCKET}
      else (select ${bucketOf(sql`f`, sql`p`)} from places f, places p where f.id = w.from_place_id and p.id = d.place_id)
    end`);
}

/**
 * The users' dogs may be back in decks that walked past them while they were hidden (an unblock, a lifted
 * suspension or ban): marked changed, so those decks look at them again.
 */
export async function backInDecks(db: DbOrTx, userIds: string[]) {
  await db.update(dogProfiles).set({ updatedAt: new Date() }).where(inArray(dogProfiles.userId, userIds));
}

/** The demo accounts' dogs (accounts without a password), for signed-out visitors. */
export async function demoDeck(deps: ServiceDeps): Promise<DeckDog[]> {
  const demoOwners = deps.db.select({ id: users.id }).from(users).where(isNull(users.passwordHash));
  const rows = await cards(deps.db, inArray(dogProfiles.userId, demoOwners), 0, DEMO_DECK_SIZE);
  return rows.map((row) => ({
    ...dogView(deps.storage, row.dog),
    owner: ownerCard(deps.storage, row.owner),
    distance: null,
  }));
}
