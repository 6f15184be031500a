import { and, asc, eq, gte, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm';
import { AppError } from '../../src/errors';
import { dogProfiles, profiles, users } from '../db/schema';
import type { ServiceDeps } from './deps';
import { type Dog, type DogOwner, dogView, ownerCard, ownerCardColumns } from './dogs';
import { deckDogFor } from './visibility';

export type DeckDog = Dog & { owner: DogOwner };

/** Cards a signed-out visitor may try the deck with (DECISIONS 12). */
const DEMO_DECK_SIZE = 30;

async function cards(deps: ServiceDeps, where: SQL | undefined, limit: number): Promise<DeckDog[]> {
  const rows = await deps.db
    .select({ dog: dogProfiles, owner: ownerCardColumns })
    .from(dogProfiles)
    .innerJoin(profiles, eq(profiles.userId, dogProfiles.userId))
    .where(where)
    .orderBy(asc(dogProfiles.shuffleKey))
    .limit(limit);
  return rows.map((row) => ({
    ...dogView(deps.storage, row.dog),
    owner: ownerCard(deps.storage, row.owner),
  }));
}

/**
 * Other owners' dogs the user has not liked or passed: dogs in the chosen dog's place first, then the rest.
 * Every dog has a random `shuffle_key`; a session of swiping walks that order from `seed` onward and wraps
 * around, so the order is random yet stable for the session, and each query is an index range scan that
 * stops after `limit` rows (no sorting of all dogs).
 */
export async function deck(
  deps: ServiceDeps,
  userId: string,
  input: { fromDogId: string; limit: number; seed?: number | undefined },
): Promise<DeckDog[]> {
  const [from] = await deps.db
    .select({ location: dogProfiles.location })
    .from(dogProfiles)
    .where(and(eq(dogProfiles.id, input.fromDogId), eq(dogProfiles.userId, userId)));
  if (!from) throw new AppError('NOT_FOUND');
  const seed = input.seed ?? 0;
  const unhandled = deckDogFor(deps.db, userId);
  const here = eq(dogProfiles.location, from.location);
  const elsewhere = ne(dogProfiles.location, from.location);
  const result: DeckDog[] = [];
  for (const place of [here, elsewhere])
    for (const part of [gte(dogProfiles.shuffleKey, seed), lt(dogProfiles.shuffleKey, seed)]) {
      if (result.length >= input.limit) return result;
      result.push(...(await cards(deps, and(unhandled, place, part), input.limit - result.length)));
    }
  return result;
}

/** The demo accounts' dogs (accounts without a password), for signed-out visitors. */
export function demoDeck(deps: ServiceDeps): Promise<DeckDog[]> {
  const demoOwners = deps.db.select({ id: users.id }).from(users).where(isNull(users.passwordHash));
  return cards(deps, inArray(dogProfiles.userId, demoOwners), DEMO_DECK_SIZE);
}
