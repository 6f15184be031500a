import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { findCountry } from '#shared/data/countries';
import { AppError } from '#shared/errors';
import type { Dog } from '#shared/schemas/dogs';
import type { OwnProfile, profileUpdateInput, PublicProfile } from '#shared/schemas/profiles';
import { dogProfiles, matches, profiles, users } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { matchSeenBy, shownTo } from '../safety/visibility';
import { dogsOf } from '../matching/dogs';
import { attachUploads, photoOf, releaseUploads, removeUploadFiles } from '../uploads';

type ProfileRow = typeof profiles.$inferSelect;

function publicView(deps: Pick<ServiceDeps, 'storage'>, row: ProfileRow): PublicProfile {
  return {
    userId: row.userId,
    fullName: row.fullName,
    photo: row.photoUrl ? photoOf(deps.storage, row.photoUrl) : null,
    age: row.age,
    countryCode: row.countryCode,
    location: row.location,
    lastActive: row.lastActive,
    createdAt: row.createdAt,
  };
}

export async function myProfile(deps: ServiceDeps, userId: string): Promise<OwnProfile> {
  const [found] = await deps.db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  if (!found) throw new AppError('NOT_FOUND');
  return { ...publicView(deps, found.profile), email: found.email };
}

export async function updateProfile(
  deps: ServiceDeps,
  userId: string,
  input: z.output<typeof profileUpdateInput>,
): Promise<OwnProfile> {
  const removed = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photoKey: profiles.photoUrl })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND');
    const photoKey = input.photoKey === undefined ? current.photoKey : input.photoKey;
    let removed: string[] = [];
    if (photoKey !== current.photoKey) {
      if (photoKey) await attachUploads(tx, userId, 'profile', [photoKey]);
      if (current.photoKey) removed = await releaseUploads(tx, userId, [current.photoKey]);
    }
    await tx
      .update(profiles)
      .set({
        fullName: input.fullName,
        age: input.age,
        countryCode: input.country,
        country: findCountry(input.country)?.name ?? null,
        location: input.location || null,
        photoUrl: photoKey,
      })
      .where(eq(profiles.userId, userId));
    return removed;
  });
  await removeUploadFiles(deps.storage, removed, deps.log);
  return myProfile(deps, userId);
}

/** Another user's public card with their dogs; an unknown or hidden one is NOT_FOUND ('not public'). */
export async function profileByUserId(
  deps: ServiceDeps,
  viewerId: string,
  userId: string,
): Promise<PublicProfile & { dogs: Dog[] }> {
  const [row] = await deps.db
    .select()
    .from(profiles)
    .where(and(eq(profiles.userId, userId), shownTo(viewerId, profiles.userId)));
  if (!row) throw new AppError('NOT_FOUND');
  return { ...publicView(deps, row), dogs: await dogsOf(deps.db, deps.storage, userId) };
}

export async function profileStats(deps: ServiceDeps, userId: string) {
  const [[dogs], [matched]] = await Promise.all([
    deps.db.select({ n: count() }).from(dogProfiles).where(eq(dogProfiles.userId, userId)),
    deps.db.select({ n: count() }).from(matches).where(matchSeenBy(userId)),
  ]);
  return { dogs: dogs?.n ?? 0, matches: matched?.n ?? 0 };
}
