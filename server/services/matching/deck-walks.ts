import { and, eq, isNull, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bucketsWithin } from '#shared/domain/distance';
import { LIMITS } from '#shared/limits';
import type { DbOrTx } from '../../db/client';
import { dogProfiles } from '../../db/schema';

/*
 * The deck's walks (issue 20). Dogs come nearest bucket first ("< 5 km", "5–20 km", …, then places without
 * coordinates); within a bucket in a random order that is fixed per user: each dog has a random `shuffle_key`
 * in [0, 1), and a user walks that circle from their own starting point (`seedOf`), so the order within a
 * bucket says nothing about distance. A dog's place in the walk is its `ring`, in [0, 1).
 */

/** Dogs of places without coordinates (free-text places abroad) come after every distance bucket. */
export const UNKNOWN_BUCKET = LIMITS.deck.bucketsKm.length + 1;

/**
 * Buckets of at most this many places are read place by place (`inWalk`), larger ones along the shuffle order
 * alone. Place by place reads about `limit` dogs per place; along the shuffle order about `limit` ÷ the
 * bucket's share of all dogs: the two meet near √(places with dogs), about 15 for Slovenia's 212
 * municipalities. Measured at 1,000,000 dogs: 4 places 415 against 4,764 buffers, 37 places 4,104 against 522.
 */
const FEW_PLACES = 12;

/** Where `userId`'s walk starts on the circle of shuffle keys: from the id, so it needs no storage. */
export const seedOf = (userId: string) => Number.parseInt(userId.slice(0, 8), 16) / 2 ** 32;

/** A dog's place in the walk from `seed`, in [0, 1). */
export const ringOf = (seed: number | Placeholder): SQL =>
  sql`(case when ${dogProfiles.shuffleKey} >= ${seed} then ${dogProfiles.shuffleKey} - ${seed}
    else ${dogProfiles.shuffleKey} - ${seed} + 1 end)`;

/** The distance bucket (LIMITS.deck.bucketsKm) between two rows of `places`, in SQL. */
export const bucketOf = (a: SQL, b: SQL) =>
  sql`width_bucket(earth_distance(ll_to_earth(${a}.lat, ${a}.lon), ll_to_earth(${b}.lat, ${b}.lon)),
    ${sql.raw(`array[${LIMITS.deck.bucketsKm.map((km) => km * 1000).join(', ')}]::float8[]`)})`;

/** The distance bucket between two dogs' places; null where either place has no coordinates. */
export const bucketBetween = (fromDogId: string, dogId: AnyPgColumn) =>
  sql<number | null>`(select ${bucketOf(sql`pa`, sql`pb`)} from dog_profiles a
    join places pa on pa.id = a.place_id, dog_profiles b join places pb on pb.id = b.place_id
    where a.id = ${fromDogId} and b.id = ${dogId})`.mapWith((value) =>
    value === null ? null : Number(value),
  );

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The places in each distance bucket around `placeId` within `radiusKm` (null: all), nearest first. */
async function bucketsAround(db: DbOrTx, placeId: number, radiusKm: number | null): Promise<number[][]> {
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
  return buckets;
}

/** How a walk finds its bucket's dogs: the shape of its part of the deck's prepared queries. */
export type WalkKind = 'here' | 'elsewhere' | 'fewPlaces' | 'manyPlaces' | 'unplaced';

export interface Walk {
  bucket: number;
  kind: WalkKind;
  /** The values of its placeholders: the bucket's places ('{1,2}'), or the free-text place. */
  values: { places?: string; location?: string; originCountry?: string | null };
  /** Where this walk's position is kept; none for a chosen dog without coordinates. */
  key?: { fromPlaceId: number; bucket: number };
}

/** The walks of a deck from the chosen dog's place, nearest first. */
export async function walksFrom(
  db: DbOrTx,
  from: { placeId: number | null; originCountry: string | null; location: string },
  radiusKm: number | null,
): Promise<readonly Walk[]> {
  if (from.placeId === null) {
    // A free-text place: its own dogs first, then the rest (distance unknown).
    const values = { location: from.location, originCountry: from.originCountry };
    return [
      { bucket: 0, kind: 'here', values },
      { bucket: UNKNOWN_BUCKET, kind: 'elsewhere', values },
    ];
  }
  const key = `${from.placeId}:${radiusKm}`;
  const cached = walkCache.get(key);
  if (cached) return cached;
  const walks = walksAround(await bucketsAround(db, from.placeId, radiusKm), from.placeId, radiusKm);
  walkCache.set(key, walks);
  return walks;
}

/**
 * The walks of a listed place's buckets. Places do not change while the server runs (they come with
 * migrations): each place's walks are made once per radius, and never changed by their readers.
 */
const walkCache = new Map<string, readonly Walk[]>();

function walksAround(buckets: number[][], fromPlaceId: number, radiusKm: number | null): readonly Walk[] {
  const walks: Walk[] = buckets.flatMap((places, bucket) =>
    places.length
      ? [
          {
            bucket,
            kind: places.length > FEW_PLACES ? 'manyPlaces' : 'fewPlaces',
            values: { places: `{${places.join(',')}}` },
            key: { fromPlaceId, bucket },
          } satisfies Walk,
        ]
      : [],
  );
  if (radiusKm === null)
    walks.push({
      bucket: UNKNOWN_BUCKET,
      kind: 'unplaced',
      values: {},
      key: { fromPlaceId, bucket: UNKNOWN_BUCKET },
    });
  return walks;
}

const placesOfWalk = sql`${sql.placeholder('places')}::int[]`;

/** The dogs of a walk of `kind`, with placeholders for its values. */
export function walkDogs(kind: WalkKind): SQL {
  const here = () =>
    and(
      eq(dogProfiles.location, sql.placeholder('location')),
      sql`${dogProfiles.originCountry} is not distinct from ${sql.placeholder('originCountry')}`,
    )!;
  switch (kind) {
    case 'here':
      return here();
    case 'elsewhere':
      return sql`not (${here()})`;
    case 'fewPlaces':
      return sql`${dogProfiles.placeId} = any(${placesOfWalk})`;
    case 'manyPlaces':
      // `+ 0` keeps the planner off the place index for a bucket read along the shuffle order.
      return sql`(${dogProfiles.placeId} + 0) = any(${placesOfWalk})`;
    case 'unplaced':
      return isNull(dogProfiles.placeId);
  }
}

/**
 * The dogs of a walk of `kind` that `condition` lets through, for a read of the first `limit` (a placeholder)
 * in shuffle order. A bucket of few places is read place by place along the (place, shuffle key) index,
 * `limit` from each (the first `limit` of them all are among those); `condition` then speaks of that inner
 * read's `dog_profiles`.
 */
export function inWalk(kind: WalkKind, condition: SQL): SQL {
  if (kind !== 'fewPlaces') return and(walkDogs(kind), condition)!;
  const limit = sql.placeholder('limit');
  return sql`${dogProfiles.id} = any(array(
    select w.id from unnest(${placesOfWalk}) p(id) cross join lateral (
      select ${dogProfiles.id} as id, ${dogProfiles.shuffleKey} as key from ${dogProfiles}
      where ${dogProfiles.placeId} = p.id and ${condition}
      order by ${dogProfiles.shuffleKey} limit ${limit}) w
    order by w.key limit ${limit}))`;
}
