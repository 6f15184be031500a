import { and, desc, eq, sql } from 'drizzle-orm';
import { bornOnOf } from '#shared/domain/dog-age';
import { AppError } from '#shared/errors';
import type { Dog, dogCreateInput, DogOwner, dogUpdateInput } from '#shared/schemas/dogs';
import type { z } from 'zod';
import { dogProfiles, places, profiles } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { Storage } from '../../storage/storage';
import type { ServiceDeps } from '../deps';
import { shownTo } from '../safety/visibility';
import { attachUploads, photoOf, releaseUploads, removeUploadFiles } from '../uploads';

type DogRow = typeof dogProfiles.$inferSelect;

/** What other tabs of the owner hear when a dog changes (see dogs.onChange). */
export interface DogChange {
  type: 'created' | 'updated' | 'removed';
  id: string;
}

export const dogTopic = (userId: string) => `dogs:${userId}`;

export function dogView(storage: Storage, row: DogRow): Dog {
  return { ...cardOf(storage, row), createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** The dog columns a deck card shows: only these are read (the deck reads 20 cards per call). */
export const dogCardColumns = {
  id: dogProfiles.id,
  userId: dogProfiles.userId,
  name: dogProfiles.name,
  breed: dogProfiles.breed,
  bornOn: dogProfiles.bornOn,
  gender: dogProfiles.gender,
  location: dogProfiles.location,
  originCountry: dogProfiles.originCountry,
  description: dogProfiles.description,
  traits: dogProfiles.traits,
  photos: dogProfiles.photos,
  weight: dogProfiles.weight,
  size: dogProfiles.size,
  energy: dogProfiles.energy,
  playStyle: dogProfiles.playStyle,
  vaccinated: dogProfiles.vaccinated,
  neutered: dogProfiles.neutered,
  goodWithSmallDogs: dogProfiles.goodWithSmallDogs,
};
type DogCardRow = Pick<DogRow, keyof typeof dogCardColumns>;

/**
 * A dog as shown: its birth month instead of the day, its photos' URLs instead of their keys. Field by field:
 * copying the row with a rest pattern (`{ bornOn, photos, ...rest }`) showed as ~5 % of the deck's busy time
 * in a CPU profile.
 */
export function cardOf(storage: Storage, row: DogCardRow): Omit<Dog, 'createdAt' | 'updatedAt'> {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    breed: row.breed,
    birthMonth: row.bornOn.slice(0, 7),
    gender: row.gender,
    location: row.location,
    originCountry: row.originCountry,
    description: row.description,
    traits: row.traits,
    photos: row.photos.map((key) => photoOf(storage, key)),
    weight: row.weight,
    size: row.size,
    energy: row.energy,
    playStyle: row.playStyle,
    vaccinated: row.vaccinated,
    neutered: row.neutered,
    goodWithSmallDogs: row.goodWithSmallDogs,
  };
}

/** Newest first. */
export async function dogsOf(db: DbOrTx, storage: Storage, userId: string): Promise<Dog[]> {
  const rows = await db
    .select()
    .from(dogProfiles)
    .where(eq(dogProfiles.userId, userId))
    .orderBy(desc(dogProfiles.createdAt), desc(dogProfiles.id));
  return rows.map((row) => dogView(storage, row));
}

/** Any dog, with its owner's public card. */
/** A dog's public card; NOT_FOUND for a dog whose owner is hidden from the viewer (a block, a suspension). */
export async function dogById(
  deps: ServiceDeps,
  viewerId: string,
  id: string,
): Promise<Dog & { owner: DogOwner }> {
  const [found] = await deps.db
    .select({ dog: dogProfiles, owner: ownerCardColumns })
    .from(dogProfiles)
    .innerJoin(profiles, eq(profiles.userId, dogProfiles.userId))
    .where(and(eq(dogProfiles.id, id), shownTo(viewerId, dogProfiles.userId)));
  if (!found) throw new AppError('NOT_FOUND');
  return { ...dogView(deps.storage, found.dog), owner: ownerCard(deps.storage, found.owner) };
}

/** The public card of a dog's owner. */
/** The profile columns an owner's card shows: only these are read (the deck reads 20 cards per call). */
export const ownerCardColumns = {
  userId: profiles.userId,
  fullName: profiles.fullName,
  photoUrl: profiles.photoUrl,
  location: profiles.location,
  countryCode: profiles.countryCode,
};

export function ownerCard(
  storage: Storage,
  owner: Pick<typeof profiles.$inferSelect, keyof typeof ownerCardColumns>,
): DogOwner {
  return {
    userId: owner.userId,
    fullName: owner.fullName,
    photo: owner.photoUrl ? photoOf(storage, owner.photoUrl) : null,
    location: owner.location,
    countryCode: owner.countryCode,
  };
}

/** The listed place a dog lives in (the deck's distance), or null for a free-text place. */
export const placeIdOf = (dog: { originCountry: string; location: string }) =>
  sql`(select ${places.id} from ${places} where ${places.countryCode} = ${dog.originCountry} and ${places.name} = ${dog.location})`;

export async function createDog(
  deps: ServiceDeps,
  userId: string,
  input: z.output<typeof dogCreateInput>,
): Promise<Dog> {
  const row = await deps.db.transaction(async (tx) => {
    await attachUploads(tx, userId, 'dog', input.photos);
    const { birthMonth, ...dog } = input;
    const [created] = await tx
      .insert(dogProfiles)
      .values({ ...dog, bornOn: bornOnOf(birthMonth), userId, placeId: placeIdOf(input) })
      .returning();
    return created!;
  });
  await deps.bus.publish(dogTopic(userId), { type: 'created', id: row.id } satisfies DogChange);
  return dogView(deps.storage, row);
}

/** The owner's dog, locked for the rest of the transaction; someone else's dog does not exist. */
async function ownDogForUpdate(tx: DbOrTx, userId: string, id: string) {
  const [dog] = await tx
    .select()
    .from(dogProfiles)
    .where(and(eq(dogProfiles.id, id), eq(dogProfiles.userId, userId)))
    .for('update');
  if (!dog) throw new AppError('NOT_FOUND');
  return dog;
}

export async function updateDog(
  deps: ServiceDeps,
  userId: string,
  { id, birthMonth, ...input }: z.output<typeof dogUpdateInput>,
): Promise<Dog> {
  const { row, removed } = await deps.db.transaction(async (tx) => {
    const current = await ownDogForUpdate(tx, userId, id);
    const added = input.photos.filter((key) => !current.photos.includes(key));
    const dropped = current.photos.filter((key) => !input.photos.includes(key));
    await attachUploads(tx, userId, 'dog', added);
    const removed = await releaseUploads(tx, userId, dropped);
    const [updated] = await tx
      .update(dogProfiles)
      .set({
        ...input,
        // Left out of the input: kept as stored.
        gender: input.gender ?? current.gender,
        bornOn: birthMonth ? bornOnOf(birthMonth) : current.bornOn,
        placeId: placeIdOf(input),
        updatedAt: new Date(),
      })
      .where(eq(dogProfiles.id, id))
      .returning();
    return { row: updated!, removed };
  });
  await removeUploadFiles(deps.storage, removed, deps.log);
  await deps.bus.publish(dogTopic(userId), { type: 'updated', id } satisfies DogChange);
  return dogView(deps.storage, row);
}

export async function removeDog(deps: ServiceDeps, userId: string, id: string): Promise<{ id: string }> {
  const removed = await deps.db.transaction(async (tx) => {
    const current = await ownDogForUpdate(tx, userId, id);
    const keys = await releaseUploads(tx, userId, current.photos);
    await tx.delete(dogProfiles).where(eq(dogProfiles.id, id));
    return keys;
  });
  await removeUploadFiles(deps.storage, removed, deps.log);
  await deps.bus.publish(dogTopic(userId), { type: 'removed', id } satisfies DogChange);
  return { id };
}
