import { eq } from 'drizzle-orm';
import { DEFAULT_DECK_FILTERS } from '#shared/domain/deck-filters';
import { type DeckFilters, deckFiltersSchema } from '#shared/schemas/deck';
import type { DbOrTx } from '../../db/client';
import { deckFilters } from '../../db/schema';

/**
 * Stored filters as the deck uses them, or the defaults (none stored). Read through the schema, so filters
 * stored before a rule changed (a breed renamed, a radius step dropped) come back as valid filters or as the
 * defaults.
 */
export function parseFilters(stored: unknown): DeckFilters {
  const parsed = deckFiltersSchema.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  return parsed.success ? parsed.data : DEFAULT_DECK_FILTERS;
}

/** A user's deck filters (issue 20), or the defaults. */
export async function filtersOf(db: DbOrTx, userId: string): Promise<DeckFilters> {
  const [row] = await db
    .select({ filters: deckFilters.filters })
    .from(deckFilters)
    .where(eq(deckFilters.userId, userId));
  return parseFilters(row?.filters);
}

export async function setFilters(db: DbOrTx, userId: string, filters: DeckFilters): Promise<DeckFilters> {
  await db
    .insert(deckFilters)
    .values({ userId, filters })
    .onConflictDoUpdate({ target: deckFilters.userId, set: { filters, updatedAt: new Date() } });
  return filters;
}
