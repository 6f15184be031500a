import { and, asc, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { daysBefore } from '#shared/domain/days';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { spotCreateInput, SpotSummary, SpotView, spotsNearInput } from '#shared/schemas/spots';
import { lockKeys } from '../../db/advisory-lock';
import { checkInDogs, checkIns, places, profiles, reports, spotReviews, spots, users } from '../../db/schema';
import { isNewAccountColumn } from '../account/new-account';
import { attachUploads, photoOf } from '../uploads';
import { activeUser, shownTo } from '../safety/visibility';
import type { ServiceDeps } from '../deps';

/** The reviews a place's page shows, newest first. */
const REVIEWS_SHOWN = 20;

/** A place whose author is suspended or banned shows to nobody; one whose author left stays everyone's. */
const authorActive = or(isNull(spots.authorId), activeUser(spots.authorId))!;

/** A place anyone sees: published, its author active. */
export const publishedSpot = and(eq(spots.status, 'published'), authorActive)!;

/**
 * The mean rating (one decimal) and the number of ratings of a place, read once per place: a query joins
 * `withRating` (an aggregate without groups, so exactly one row per place) and selects `ratingColumns`.
 */
const withRating = sql`lateral (select round(avg(r.rating), 1)::float8 as rating, count(*)::int as ratings
  from ${spotReviews} r where r.spot_id = ${spots.id}) rating`;
const ratingColumns = {
  rating: sql<number | null>`rating.rating`,
  ratings: sql<number>`rating.ratings`,
  dogsHere: sql<number>`here.dogs_here`,
};

/** A place anyone sees, or one of the viewer's own (waiting ones too). */
export const spotVisibleTo = (viewerId: string | null) =>
  or(publishedSpot, viewerId ? eq(spots.authorId, viewerId) : undefined);

/**
 * The dogs checked in at a place now (issue 33 §4) whose owners the viewer may see, named to them or not: a
 * lateral join per place, read from the index on (spot, end).
 */
const dogsHere = (viewerId: string | null) => sql`lateral (select count(*)::int as dogs_here
  from ${checkIns} c join ${checkInDogs} cd on cd.check_in_id = c.id
  where c.spot_id = ${spots.id} and c.ends_at > now()
    and ${viewerId ? shownTo(viewerId, sql`c.user_id`) : activeUser(sql`c.user_id`)}) here`;

const summaryColumns = {
  id: spots.id,
  kind: spots.kind,
  name: spots.name,
  country: spots.countryCode,
  location: spots.location,
  lat: spots.lat,
  lon: spots.lon,
  amenities: spots.amenities,
  leashRule: spots.leashRule,
  emergency: spots.emergency,
  photos: spots.photos,
  status: spots.status,
  demo: spots.demo,
  ...ratingColumns,
};

const reviewColumns = {
  userId: spotReviews.userId,
  fullName: profiles.fullName,
  rating: spotReviews.rating,
  tip: spotReviews.tip,
  updatedAt: spotReviews.updatedAt,
};

type SummaryRow = Omit<SpotSummary, 'distanceM' | 'photo'> & { photos: string[] };

function summaryOf(deps: ServiceDeps, row: SummaryRow, distanceM: number | null): SpotSummary {
  const { photos, ...rest } = row;
  return {
    ...rest,
    distanceM: distanceM === null ? null : Math.round(distanceM),
    photo: photos[0] ? photoOf(deps.storage, photos[0]) : null,
  };
}

/**
 * The published places within `radiusKm` of a point that the filters let through (any of `kinds`, all of
 * `amenities`), nearest first, at most LIMITS.spot.nearMax: the database function `spots_near` (migration
 * 0020) reads them from the GiST index nearest first.
 */
export async function spotsNear(
  deps: ServiceDeps,
  viewerId: string | null,
  input: z.output<typeof spotsNearInput>,
): Promise<SpotSummary[]> {
  // The centre: the point given, or a town of the pickers' (the `places` table, migration 0013), in the
  // same statement. A town without coordinates (none yet: every picker place has them) finds nothing.
  const centre = input.point
    ? sql`(select ${input.point.lat}::float8 as lat, ${input.point.lon}::float8 as lon)`
    : sql`(select ${places.lat} as lat, ${places.lon} as lon from ${places}
        where ${places.countryCode} = ${input.country} and ${places.name} = ${input.location})`;
  // Enum values only (zod checked them), as one array parameter each.
  const list = (values: readonly string[]) => `{${values.join(',')}}`;
  const near = sql`(select n.* from ${centre} c, spots_near(c.lat, c.lon, ${input.radiusKm * 1000},
    ${list(input.kinds)}::spot_kind[], ${list(input.amenities)}::spot_amenity[], ${LIMITS.spot.nearMax}) n) near`;
  const rows = await deps.db
    .select({ ...summaryColumns, distanceM: sql<number>`near.distance_m` })
    .from(spots)
    .innerJoin(near, sql`near.id = ${spots.id}`)
    .innerJoin(withRating, sql`true`)
    .innerJoin(dogsHere(viewerId), sql`true`)
    .where(authorActive)
    .orderBy(sql`near.distance_m`, asc(spots.id));
  return rows.map(({ distanceM, ...row }) => summaryOf(deps, row, distanceM));
}

/** The places I added, newest first, those waiting for a moderator included. */
export async function mySpots(deps: ServiceDeps, userId: string): Promise<SpotSummary[]> {
  const rows = await deps.db
    .select(summaryColumns)
    .from(spots)
    .innerJoin(withRating, sql`true`)
    .innerJoin(dogsHere(userId), sql`true`)
    .where(eq(spots.authorId, userId))
    .orderBy(desc(spots.createdAt), desc(spots.id));
  return rows.map((row) => summaryOf(deps, row, null));
}

/**
 * A place's page: published (its author active), or my own waiting one; its newest reviews by people the
 * viewer may see (blocks, suspensions), and the viewer's own.
 */
export async function spotById(deps: ServiceDeps, viewerId: string | null, id: string): Promise<SpotView> {
  const [row] = await deps.db
    .select({
      ...summaryColumns,
      description: spots.description,
      hours: spots.hours,
      authorId: spots.authorId,
    })
    .from(spots)
    .innerJoin(withRating, sql`true`)
    .innerJoin(dogsHere(viewerId), sql`true`)
    .where(and(eq(spots.id, id), spotVisibleTo(viewerId)));
  if (!row) throw new AppError('NOT_FOUND');
  const { authorId, description, hours, ...summary } = row;
  const reviews = await deps.db
    .select(reviewColumns)
    .from(spotReviews)
    .innerJoin(profiles, eq(profiles.userId, spotReviews.userId))
    .where(
      and(
        eq(spotReviews.spotId, id),
        viewerId
          ? and(ne(spotReviews.userId, viewerId), shownTo(viewerId, spotReviews.userId))
          : activeUser(spotReviews.userId),
      ),
    )
    .orderBy(desc(spotReviews.updatedAt), asc(spotReviews.userId))
    .limit(REVIEWS_SHOWN);
  const [myReview] = viewerId
    ? await deps.db
        .select(reviewColumns)
        .from(spotReviews)
        .innerJoin(profiles, eq(profiles.userId, spotReviews.userId))
        .where(and(eq(spotReviews.spotId, id), eq(spotReviews.userId, viewerId)))
    : [];
  return {
    ...summaryOf(deps, summary, null),
    description,
    hours,
    photos: row.photos.map((key) => photoOf(deps.storage, key)),
    isMine: viewerId !== null && authorId === viewerId,
    reviews,
    myReview: myReview ?? null,
  };
}

/** What a moderator reads of a place in the queue: what it says and shows, as it was when it got there. */
export function spotSnapshot(row: typeof spots.$inferSelect) {
  const { name, description, location, countryCode: country, photos } = row;
  return { name, description, location, country, photos };
}

/**
 * Adds a place. An account younger than LIMITS.antiSpam.newAccountDays adds it for a moderator to publish;
 * at most LIMITS.spot.perDay a day, counted under the author's lock so parallel calls cannot pass it.
 */
export async function createSpot(
  deps: ServiceDeps,
  userId: string,
  input: z.output<typeof spotCreateInput>,
): Promise<SpotView> {
  const id = await deps.db.transaction(async (tx) => {
    await lockKeys(tx, [`spots:${userId}`]);
    const now = Date.now();
    const [facts] = await tx
      .select({
        today: sql<number>`(select ${count()}::int from ${spots}
          where ${spots.authorId} = ${userId} and ${spots.createdAt} > ${daysBefore(now, 1).toISOString()})`,
        newAccount: isNewAccountColumn(now),
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!facts) throw new AppError('UNAUTHENTICATED');
    if (facts.today >= LIMITS.spot.perDay) throw new AppError('DAILY_LIMIT', { max: LIMITS.spot.perDay });
    await attachUploads(tx, userId, 'spot', input.photos);
    const [created] = await tx
      .insert(spots)
      .values({
        kind: input.kind,
        name: input.name,
        countryCode: input.country,
        location: input.location,
        lat: input.lat,
        lon: input.lon,
        description: input.description,
        amenities: input.amenities,
        leashRule: input.leashRule,
        hours: input.hours,
        emergency: input.kind === 'vet' && input.emergency,
        photos: input.photos,
        authorId: userId,
        status: facts.newAccount ? 'pending' : 'published',
      })
      .returning();
    // A waiting place is in the moderators' queue as a report of the app's own (reason `review`): publishing
    // it is dismissing the report, rejecting it is removing the content, with the statement of reasons.
    if (created!.status === 'pending')
      await tx.insert(reports).values({
        reason: 'review',
        targetType: 'spot',
        targetId: created!.id,
        targetUserId: userId,
        snapshot: spotSnapshot(created!),
      });
    return created!.id;
  });
  return spotById(deps, userId, id);
}

/** My rating and tip of a place I may see; a second review replaces the first. */
export async function reviewSpot(
  deps: ServiceDeps,
  userId: string,
  input: { spotId: string; rating: number; tip: string | null },
): Promise<SpotView> {
  // Seeing the place is the right to review it: NOT_FOUND for a waiting place of someone else. The row is
  // locked against removal until the review is stored (a removal in between: NOT_FOUND, not a broken key).
  const stored = await deps.db.transaction(async (tx) => {
    const [spot] = await tx
      .select({ id: spots.id })
      .from(spots)
      .where(and(eq(spots.id, input.spotId), spotVisibleTo(userId)))
      .for('key share', { of: spots });
    if (!spot) return false;
    await tx
      .insert(spotReviews)
      .values({ spotId: input.spotId, userId, rating: input.rating, tip: input.tip })
      .onConflictDoUpdate({
        target: [spotReviews.spotId, spotReviews.userId],
        set: { rating: input.rating, tip: input.tip, updatedAt: new Date() },
      });
    return true;
  });
  if (!stored) throw new AppError('NOT_FOUND');
  return spotById(deps, userId, input.spotId);
}

/** Takes my review of a place back (none: nothing changes). */
export async function removeSpotReview(
  deps: ServiceDeps,
  userId: string,
  spotId: string,
): Promise<{ ok: true }> {
  await deps.db
    .delete(spotReviews)
    .where(and(eq(spotReviews.spotId, spotId), eq(spotReviews.userId, userId)));
  return { ok: true };
}
