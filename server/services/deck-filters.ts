import { eq } from 'drizzle-orm';
import { DEFAULT_DECK_FILTERS } from '../../src/domain/deck-filters';
import { type DeckFilters, deckFiltersSchema } from '../../src/schemas/deck';
import type { DbOrTx } from '../db/client';
import { deckFilters } from '../db/schema';

/**
 * A user's deck filters (issue 20), or the defaults. Read through the schema, so filters stored before a
 * rule changed (a breed renamed, a radius step dropped) come back as valid filters or as the defaults.
 */
export async function filtersOf(db: DbOrTx, userId: string): Promise<DeckFilters> {
  const [row] = await db
    .select({ filters: deckFilters.filters })
    .from(deckFilters)
    .where(eq(deckFilters.userId, userId));
  if (!row) return DEFAULT_DECK_FILTERS;
  const parsed = deckFiltersSchema.safeParse(row.filters);
  return parsed.success ? parsed.data : DEFAULT_DECK_FILTERS;
}

export async function setFilters(db: DbOrTx, userId: string, filters: DeckFilters): Promise<DeckFilters> {
  await db
    .insert(deckFilters)
    .values({ userId, filters })
    .onConflictDoUpdate({ target: deckFilters.userId, set: { filters, updatedAt: new Date() } });
  return filters;
}
