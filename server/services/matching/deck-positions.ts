import { inArray, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { covers, narrowsAge } from '#shared/domain/deck-filters';
import { monthOfIndex, utcMonthIndex } from '#shared/domain/dog-age';
import { type DeckFilters, deckFiltersSchema } from '#shared/schemas/deck';
import type { DbOrTx } from '../../db/client';
import { dogProfiles } from '../../db/schema';
import { bucketOf, ringOf, seedOf, UNKNOWN_BUCKET } from './deck-walks';

/*
 * Heavy swipers (issue 20): a user's swiped dogs are the ones their walk passed, so each walk keeps its
 * position (`deck_positions`, per user, place of the chosen dog, bucket and filters): every dog before it
 * was swiped, or left out by those filters, when the walk passed it. A deck call reads on from the position,
 * so it never reads again the thousands of dogs swiped before.
 * - A position holds for its own filters and for narrower ones (`covers`): a walk goes on from the furthest
 *   that holds, so narrowing the filters, or going back to filters used before, costs nothing.
 * - It is written only when that saves reading (`nextPosition`): not on every call of the hottest read.
 * - What can put an unswiped dog behind it is looked at apart: a dog created, edited or moved since the
 *   walk passed (`updated_at` after `checked_at`; read about once a minute, `recheckDue`; a suspension or
 *   ban that ends touches the owner's dogs, `backInDecks`); an undone pass, a withdrawn like or an unblock
 *   (the position goes back before those dogs, `rewindTo`).
 */

/** Dogs changed this long before a walk looked at them are looked at again (clocks, late commits). */
const CHECK_MARGIN_MS = 60_000;
/** A walk looks for dogs changed behind its position at most this often. */
const RECHECK_EVERY_MS = 60_000;
/** A position is written once it would spare reading about this many cards again. */
const CARDS_WORTH_A_WRITE = 60;
/** Filter sets whose positions a user keeps per place and bucket (the most recently used). */
const KEPT_FILTER_SETS = 4;

/** One walk's position, as the deck reads it. */
export interface Position {
  bucket: number;
  filtersKey: string;
  position: number;
  checkedAt: Date;
}

/**
 * The walk's part of the dog filters (not the radius): a position is kept per these. A position walked with
 * an age range holds only in the month it was walked in (`ageMonth`, UTC): as months pass dogs grow into the
 * range behind it with no change the walk would look for.
 */
export function filtersKey(filters: DeckFilters, month = utcMonthIndex()): string {
  const { radiusKm: _radius, ...rest } = filters;
  return JSON.stringify(narrowsAge(filters) ? { ...rest, ageMonth: monthOfIndex(month) } : rest);
}

/** The positions of `userId`'s walks from the place `placeId`, every bucket and filter set (one column). */
export const positionsFrom = (userId: string | Placeholder, placeId: AnyPgColumn): SQL<Position[]> =>
  sql<Position[]>`(select coalesce(json_agg(json_build_object('bucket', p.bucket, 'filtersKey', p.filters_key,
      'position', p.position, 'checkedAt', p.checked_at)), '[]')
    from deck_positions p where p.user_id = ${userId} and p.from_place_id = ${placeId})`.mapWith(
    (value: unknown) =>
      (typeof value === 'string' ? (JSON.parse(value) as Position[]) : (value as Position[])).map((row) => ({
        ...row,
        checkedAt: new Date(row.checkedAt),
      })),
  );

/**
 * The position a walk of `bucket` with `filters` goes on from in `month`: the furthest of those that hold for
 * them.
 */
export function positionFor(
  positions: Position[],
  bucket: number,
  filters: DeckFilters,
  key: string,
  month: number,
): Position | undefined {
  const holds = (row: Position) => {
    if (row.filtersKey === key) return true;
    const { ageMonth, ...stored } = JSON.parse(row.filtersKey) as { ageMonth?: string };
    const walked = deckFiltersSchema.safeParse({ ...stored, radiusKm: null });
    return (
      walked.success &&
      (!narrowsAge(walked.data) || ageMonth === monthOfIndex(month)) &&
      covers(walked.data, filters)
    );
  };
  return positions
    .filter((row) => row.bucket === bucket && holds(row))
    .reduce<Position | undefined>(
      (best, row) => (best && best.position >= row.position ? best : row),
      undefined,
    );
}

/** Whether the walk should look for dogs changed behind its position on this call. */
export const recheckDue = (saved: Position | undefined, now: number) =>
  saved !== undefined &&
  saved.position > 0 &&
  saved.checkedAt.getTime() + CHECK_MARGIN_MS + RECHECK_EVERY_MS <= now;

/**
 * Where a walk stands after a call, or null when that is not worth a write. It moves up to the first card
 * the walk answered (the user has not swiped it yet), or to the end (1) when the walk found none;
 * `checked_at` moves when a recheck found no changed dog (else they are read again next time).
 */
export function nextPosition(
  saved: Position | undefined,
  key: string,
  call: { startedAt: number; rechecked: boolean; changed: number; ahead: number[]; wanted: number },
): { position: number; checkedAt: Date } | null {
  const from = saved?.position ?? 0;
  const { ahead } = call;
  const position = ahead[0] ?? (from < 1 && call.wanted > 0 ? 1 : from);
  const checkedAt =
    saved && !(call.rechecked && call.changed === 0)
      ? saved.checkedAt
      : new Date(call.startedAt - CHECK_MARGIN_MS);
  // The cards passed since the position, told by the spacing of the cards answered.
  const first = ahead[0] ?? from;
  const spacing = ahead.length > 1 ? (ahead.at(-1)! - first) / (ahead.length - 1) : 0;
  const passed = spacing > 0 ? (first - from) / spacing : first > from ? Infinity : 0;
  const worth =
    (position === 1 && from < 1) ||
    passed >= CARDS_WORTH_A_WRITE ||
    (saved !== undefined && +checkedAt !== +saved.checkedAt);
  const same = saved?.filtersKey === key && saved.position === position && +saved.checkedAt === +checkedAt;
  return worth && !same ? { position, checkedAt } : null;
}

/**
 * Writes a walk's new position under `key`, unless the position it went on from (`read`) has changed since
 * (another call, or a rewind: a position never moves past a dog an undo has just given back). A new filter
 * set's position pushes out the least recently used beyond KEPT_FILTER_SETS.
 */
export async function savePosition(
  db: DbOrTx,
  userId: string,
  walk: { fromPlaceId: number; bucket: number },
  key: string,
  next: { position: number; checkedAt: Date },
  read: Position | undefined,
) {
  const row = sql`${userId}::uuid, ${walk.fromPlaceId}::int, ${walk.bucket}::int`;
  const here = sql`user_id = ${userId} and from_place_id = ${walk.fromPlaceId} and bucket = ${walk.bucket}`;
  const unchanged = read
    ? sql`exists (select 1 from deck_positions where ${here} and filters_key = ${read.filtersKey}
        and position = ${read.position}
        and date_trunc('milliseconds', checked_at) = ${read.checkedAt.toISOString()}::timestamptz)`
    : sql`true`;
  await db.execute(sql`insert into deck_positions (user_id, from_place_id, bucket, filters_key, position, checked_at)
    select ${row}, ${key}, ${next.position}::float8, ${next.checkedAt.toISOString()}::timestamptz
    where ${unchanged}
    on conflict (user_id, from_place_id, bucket, filters_key) do ${
      read ? sql`update set position = excluded.position, checked_at = excluded.checked_at` : sql`nothing`
    }`);
  if (read?.filtersKey !== key)
    await db.execute(sql`delete from deck_positions where ${here} and filters_key <> ${key}
      and filters_key not in (select filters_key from deck_positions where ${here} and filters_key <> ${key}
        order by checked_at desc limit ${KEPT_FILTER_SETS - 1})`);
}

/**
 * `dogId` is back in the user's deck (an undone pass, a withdrawn like, an unblock): every walk of theirs
 * that passed it goes back to just before it.
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

/** Two users no longer hide each other (an unblock): each one's walks go back before the other's dogs. */
export async function rewindPair(db: DbOrTx, a: string, b: string) {
  const dogs = await db
    .select({ id: dogProfiles.id, userId: dogProfiles.userId })
    .from(dogProfiles)
    .where(inArray(dogProfiles.userId, [a, b]));
  for (const dog of dogs) await rewindTo(db, dog.userId === a ? b : a, dog.id);
}

/**
 * The users' dogs may be back in every deck that walked past them while they were hidden (a suspension or
 * ban that ends): marked changed, so those walks see them at their next recheck.
 */
export async function backInDecks(db: DbOrTx, userIds: string[]) {
  await db.update(dogProfiles).set({ updatedAt: new Date() }).where(inArray(dogProfiles.userId, userIds));
}
