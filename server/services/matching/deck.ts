import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { bornOnBounds, utcMonthIndex } from '#shared/domain/dog-age';
import type { DeckCard, DeckFilters } from '#shared/schemas/deck';
import { builtOnce } from '../../db/built-once';
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
import {
  inWalk,
  ringOf,
  seedOf,
  UNKNOWN_BUCKET,
  type Walk,
  walkDogs,
  type WalkKind,
  walksFrom,
} from './deck-walks';
import type { ServiceDeps } from '../deps';
import { cardOf, dogCardColumns, dogView, ownerCard, ownerCardColumns } from './dogs';
import { deckDogFor } from '../safety/visibility';

/** Cards a signed-out visitor may try the deck with (DECISIONS 12). */
const DEMO_DECK_SIZE = 30;

const FILTER_LISTS = {
  sizes: dogProfiles.size,
  energies: dogProfiles.energy,
  playStyles: dogProfiles.playStyle,
  breeds: dogProfiles.breed,
} as const;
type FilterList = keyof typeof FILTER_LISTS;
const listValue = (list: FilterList, i: number) => `${list}${i}`;

/** What of the filters decides the text of the cards query: which conditions, how many values a list has. */
interface FiltersShape {
  lists: Record<FilterList, number>;
  gender: boolean;
  latestBornOn: boolean;
  bornAfter: boolean;
  vaccinated: boolean;
  neutered: boolean;
  goodWithSmallDogs: boolean;
}

/** The filters as a shape and the values of its placeholders; ages are counted in `month` (UTC). */
function filtersFor(filters: DeckFilters, month: number) {
  const { latestBornOn, bornAfter } = bornOnBounds(filters.ageMin, filters.ageMax, month);
  const values: Record<string, unknown> = { gender: filters.gender, latestBornOn, bornAfter };
  const lists = {} as Record<FilterList, number>;
  for (const list of Object.keys(FILTER_LISTS) as FilterList[]) {
    lists[list] = filters[list].length;
    filters[list].forEach((value, i) => (values[listValue(list, i)] = value));
  }
  const shape: FiltersShape = {
    lists,
    gender: Boolean(filters.gender),
    latestBornOn: latestBornOn !== undefined,
    bornAfter: bornAfter !== undefined,
    vaccinated: filters.vaccinated,
    neutered: filters.neutered,
    goodWithSmallDogs: filters.goodWithSmallDogs,
  };
  return { shape, values };
}

/** The filters of `shape` as a condition on dog_profiles, with placeholders for their values. */
function matching(shape: FiltersShape): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  for (const [list, column] of Object.entries(FILTER_LISTS) as [FilterList, AnyPgColumn][])
    if (shape.lists[list])
      conditions.push(
        inArray(
          column,
          Array.from({ length: shape.lists[list] }, (_, i) => sql.placeholder(listValue(list, i))),
        ),
      );
  if (shape.gender) conditions.push(eq(dogProfiles.gender, sql.placeholder('gender')));
  if (shape.latestBornOn) conditions.push(lte(dogProfiles.bornOn, sql.placeholder('latestBornOn')));
  if (shape.bornAfter) conditions.push(gt(dogProfiles.bornOn, sql.placeholder('bornAfter')));
  if (shape.vaccinated) conditions.push(eq(dogProfiles.vaccinated, true));
  if (shape.neutered) conditions.push(eq(dogProfiles.neutered, true));
  if (shape.goodWithSmallDogs) conditions.push(eq(dogProfiles.goodWithSmallDogs, true));
  return and(...conditions);
}

interface Card {
  dog: Pick<typeof dogProfiles.$inferSelect, keyof typeof dogCardColumns>;
  owner: Parameters<typeof ownerCard>[1];
  ring: number;
}

/**
 * Which dogs of a walk a cards query reads: from the position to the end of the circle (`from`), from its
 * start back to the seed (`to`), both (`between`), or the dogs changed behind the position (`changed`).
 */
type Stretch = 'from' | 'to' | 'between' | 'changed';

/**
 * The cards query of a shape: the user's dogs to show (`userId`, the filters) in a stretch of a walk, in the
 * user's order (`seed`), `limit` of them.
 */
const cardsQuery = builtOnce(
  (db: DbOrTx, shape: { filters: FiltersShape; walk: WalkKind; stretch: Stretch }) => {
    const seed = sql.placeholder('seed');
    const shown = and(deckDogFor(db, sql.placeholder('userId')), matching(shape.filters))!;
    const start = gte(dogProfiles.shuffleKey, sql.placeholder('start'));
    const beforeSeed = lt(dogProfiles.shuffleKey, seed);
    const where =
      shape.stretch === 'changed'
        ? and(
            shown,
            walkDogs(shape.walk),
            gt(dogProfiles.updatedAt, sql.placeholder('checkedAt')),
            sql`${ringOf(seed)} < ${sql.placeholder('position')}`,
          )
        : inWalk(
            shape.walk,
            and(
              shown,
              shape.stretch === 'from' ? start : shape.stretch === 'to' ? beforeSeed : and(start, beforeSeed),
            )!,
          );
    return db
      .select({
        dog: dogCardColumns,
        owner: ownerCardColumns,
        ring: sql<number>`${ringOf(seed)}`.mapWith(Number),
      })
      .from(dogProfiles)
      .innerJoin(profiles, eq(profiles.userId, dogProfiles.userId))
      .where(where)
      .orderBy(asc(shape.stretch === 'changed' ? dogProfiles.updatedAt : dogProfiles.shuffleKey))
      .limit(sql.placeholder('limit'))
      .prepare('deck_cards');
  },
);

/** The chosen dog with the user's filters and positions: one statement, the same text for every call. */
const chosenDogQuery = builtOnce((db: DbOrTx, _shape: null) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      placeId: dogProfiles.placeId,
      originCountry: dogProfiles.originCountry,
      location: dogProfiles.location,
      filters: sql`(select ${deckFilters.filters} from ${deckFilters} where ${deckFilters.userId} = ${userId})`,
      positions: positionsFrom(userId, dogProfiles.placeId),
    })
    .from(dogProfiles)
    .where(and(eq(dogProfiles.id, sql.placeholder('dogId')), eq(dogProfiles.userId, userId)))
    .prepare('deck_chosen_dog');
});

/**
 * Other owners' dogs the user has not liked or passed, that the filters let through, within the radius of
 * the chosen dog's place: nearest bucket first, each bucket in the user's order (deck-walks.ts), each walk
 * going on from its position (deck-positions.ts). A light user's call is two statements: the chosen dog
 * with the filters and positions, and the cards; both built once per shape (cardsQuery).
 */
export async function deck(
  deps: ServiceDeps,
  userId: string,
  input: { fromDogId: string; limit: number },
): Promise<DeckCard[]> {
  const { db } = deps;
  const [from] = await chosenDogQuery(db, null).execute({ userId, dogId: input.fromDogId });
  if (!from) throw new AppError('NOT_FOUND');
  const filters = parseFilters(from.filters);
  const month = utcMonthIndex();
  const key = filtersKey(filters, month);
  const seed = seedOf(userId);
  const matched = filtersFor(filters, month);
  const read = (walk: Walk, stretch: Stretch, limit: number, values: Record<string, unknown> = {}) =>
    limit <= 0
      ? Promise.resolve([] as Card[])
      : cardsQuery(db, { filters: matched.shape, walk: walk.kind, stretch }).execute({
          ...matched.values,
          ...walk.values,
          ...values,
          userId,
          seed,
          limit,
        });

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
        ? await read(walk, 'changed', wanted, { checkedAt: saved.checkedAt.toISOString(), position })
        : [];
    // A walk at its end (1) has nothing ahead. From the position to the end of the circle, then from its
    // start back to the seed: index range scans in the user's order.
    const ahead: Card[] = [];
    if (position < 1) {
      const start = seed + position;
      const stretches: Array<[Stretch, Record<string, unknown>]> =
        start < 1
          ? [
              ['from', { start }],
              ['to', {}],
            ]
          : [['between', { start: start - 1 }]];
      for (const [stretch, values] of stretches)
        ahead.push(...(await read(walk, stretch, wanted - changed.length - ahead.length, values)));
    }
    for (const card of [...changed, ...ahead])
      result.push({
        ...cardOf(deps.storage, card.dog),
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
  const rows = await deps.db
    .select({ dog: dogProfiles, owner: ownerCardColumns })
    .from(dogProfiles)
    .innerJoin(profiles, eq(profiles.userId, dogProfiles.userId))
    .where(inArray(dogProfiles.userId, demoOwners))
    .orderBy(asc(dogProfiles.shuffleKey))
    .limit(DEMO_DECK_SIZE);
  return rows.map((row) => ({
    ...dogView(deps.storage, row.dog),
    owner: ownerCard(deps.storage, row.owner),
    distance: null,
  }));
}
