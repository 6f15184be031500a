import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SUGGESTED_FIELDS } from '#shared/domain/spots';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type {
  decideSuggestionInput,
  SpotSuggestionView,
  spotSuggestInput,
  SuggestedValues,
} from '#shared/schemas/spots';
import { lockKeys } from '../../db/advisory-lock';
import type { DbOrTx } from '../../db/client';
import { transact } from '../../db/transact';
import { profiles, spots, spotSuggestions } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { publishRequests, writeNotices } from '../notices/notifications';
import { publishedSpot } from './spots';

/**
 * Suggested changes to places (issue 33 §2): any owner may say what is wrong with a published place (its name,
 * kind, point, amenities, hours…); a moderator reads the place as it is now beside the suggestion and applies
 * it or turns it down. Nothing changes before then, so a place cannot be vandalised.
 */

const valuesOf = (row: typeof spots.$inferSelect): SuggestedValues => ({
  kind: row.kind,
  name: row.name,
  country: row.countryCode,
  location: row.location,
  lat: row.lat,
  lon: row.lon,
  description: row.description,
  amenities: row.amenities,
  leashRule: row.leashRule,
  hours: row.hours,
  emergency: row.emergency,
});

/**
 * How far a pin may be from the place's point and still be it (~5 m): the form's map gives the point back
 * through its projection, a pixel off at most.
 */
const SAME_POINT_DEGREES = 0.00005;

/** JSON with each object's keys in order: jsonb gives hours' ranges back as {"to", "from"}. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** The same value: amenities in any order, a coordinate within SAME_POINT_DEGREES, hours as they read. */
const same = (a: unknown, b: unknown) => {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < SAME_POINT_DEGREES;
  if (Array.isArray(a) && Array.isArray(b) && a.every((v) => typeof v === 'string'))
    return a.length === b.length && a.every((v) => b.includes(v));
  return canonical(a) === canonical(b);
};

/** The fields of `suggested` that differ from `now`. */
function changesOf(now: SuggestedValues, suggested: SuggestedValues): Partial<SuggestedValues> {
  return Object.fromEntries(
    SUGGESTED_FIELDS.filter((field) => !same(now[field], suggested[field])).map((field) => [
      field,
      suggested[field],
    ]),
  );
}

/**
 * My suggestion for a published place: what differs from it (nothing: NOTHING_CHANGED), replacing my waiting one
 * for the place. LIMITS.spot.suggestionsPerDay a day (DAILY_LIMIT), under my lock.
 */
export async function suggestChange(
  deps: ServiceDeps,
  userId: string,
  input: z.output<typeof spotSuggestInput>,
) {
  const { spotId, note, ...suggested } = input;
  await transact(deps.db, async (tx) => {
    await lockKeys(tx, [`suggest:${userId}`]);
    const [spot] = await tx
      .select()
      .from(spots)
      .where(and(eq(spots.id, spotId), publishedSpot));
    if (!spot) throw new AppError('NOT_FOUND');
    const changes = changesOf(valuesOf(spot), {
      ...suggested,
      emergency: suggested.kind === 'vet' && suggested.emergency,
    });
    if (!Object.keys(changes).length) throw new AppError('NOTHING_CHANGED');
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(spotSuggestions)
      .where(
        and(eq(spotSuggestions.userId, userId), sql`${spotSuggestions.createdAt} > now() - interval '1 day'`),
      );
    const max = LIMITS.spot.suggestionsPerDay;
    if ((today?.n ?? 0) >= max) throw new AppError('DAILY_LIMIT', { max });
    await tx
      .insert(spotSuggestions)
      .values({ spotId, userId, changes, note })
      .onConflictDoUpdate({
        target: [spotSuggestions.spotId, spotSuggestions.userId],
        targetWhere: sql`status = 'open'`,
        set: { changes, note, createdAt: sql`now()`, updatedAt: sql`now()` },
      });
  });
  return { ok: true as const };
}

/** The waiting suggestions, oldest first, each with its place as it is now (a moderator's queue). */
export async function openSuggestions(deps: ServiceDeps): Promise<SpotSuggestionView[]> {
  const rows = await deps.db
    .select({ suggestion: spotSuggestions, spot: spots, name: profiles.fullName })
    .from(spotSuggestions)
    .innerJoin(spots, eq(spots.id, spotSuggestions.spotId))
    .leftJoin(profiles, eq(profiles.userId, spotSuggestions.userId))
    .where(eq(spotSuggestions.status, 'open'))
    .orderBy(asc(spotSuggestions.createdAt))
    .limit(200);
  return rows.map(({ suggestion, spot, name }) => ({
    id: suggestion.id,
    spotId: spot.id,
    spotName: spot.name,
    by: { userId: suggestion.userId, name: name ?? '' },
    note: suggestion.note,
    createdAt: suggestion.createdAt,
    now: valuesOf(spot),
    changes: suggestion.changes,
  }));
}

/**
 * A moderator applies a waiting suggestion to its place, or turns it down, and its author hears which.
 * Decided already: REQUEST_HANDLED.
 */
export async function decideSuggestion(
  deps: ServiceDeps,
  adminId: string,
  input: z.output<typeof decideSuggestionInput>,
) {
  await transact(deps.db, async (tx) => {
    const [suggestion] = await tx
      .select()
      .from(spotSuggestions)
      .where(eq(spotSuggestions.id, input.id))
      .for('update');
    if (!suggestion) throw new AppError('NOT_FOUND');
    if (suggestion.status !== 'open') throw new AppError('REQUEST_HANDLED');
    if (input.apply) await applyChanges(tx, suggestion.spotId, suggestion.changes);
    await tx
      .update(spotSuggestions)
      .set({ status: input.apply ? 'applied' : 'rejected', decidedBy: adminId, decidedAt: sql`now()` })
      .where(eq(spotSuggestions.id, input.id));
    // Its author hears what became of it, by the place's name as it is now (in the app only).
    const [spot] = await tx.select({ name: spots.name }).from(spots).where(eq(spots.id, suggestion.spotId));
    const told = await writeNotices(tx, [
      {
        ownerId: suggestion.userId,
        notificationType: input.apply ? 'suggestion_applied' : 'suggestion_rejected',
        detail: spot!.name,
      },
    ]);
    await publishRequests(deps, told, tx);
  });
  return { ok: true as const };
}

async function applyChanges(tx: DbOrTx, spotId: string, changes: Partial<SuggestedValues>) {
  const { country, ...rest } = changes;
  await tx
    .update(spots)
    .set({ ...rest, ...(country === undefined ? {} : { countryCode: country }), updatedAt: new Date() })
    .where(eq(spots.id, spotId));
}

/** An account's suggestions, for its data export. */
export const suggestionsOfUser = (db: DbOrTx, userId: string) =>
  db
    .select({
      spot: spots.name,
      changes: spotSuggestions.changes,
      note: spotSuggestions.note,
      status: spotSuggestions.status,
      createdAt: spotSuggestions.createdAt,
      decidedAt: spotSuggestions.decidedAt,
    })
    .from(spotSuggestions)
    .innerJoin(spots, eq(spots.id, spotSuggestions.spotId))
    .where(eq(spotSuggestions.userId, userId))
    .orderBy(spotSuggestions.createdAt);
