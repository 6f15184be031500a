import { LIMITS } from '../limits';
import type { DeckFilters } from '../schemas/deck';

/** The filters of a user who never set any: the default radius, nothing else narrowed. */
export const DEFAULT_DECK_FILTERS: DeckFilters = {
  radiusKm: LIMITS.deck.defaultRadiusKm,
  sizes: [],
  ageMin: LIMITS.dogAge.min,
  ageMax: LIMITS.dogAge.max,
  gender: null,
  breeds: [],
  energies: [],
  playStyles: [],
  vaccinated: false,
  neutered: false,
  goodWithSmallDogs: false,
};

/** Whether the filters narrow the age range (issue 30: which dogs that lets through changes as they grow). */
export const narrowsAge = (filters: DeckFilters) =>
  filters.ageMin > LIMITS.dogAge.min || filters.ageMax < LIMITS.dogAge.max;

/** How many filters narrow the deck beyond the distance (the filters button's badge). */
export function activeFilters(filters: DeckFilters): number {
  const lists = [filters.sizes, filters.breeds, filters.energies, filters.playStyles];
  return (
    lists.filter((list) => list.length > 0).length +
    Number(narrowsAge(filters)) +
    Number(filters.gender !== null) +
    [filters.vaccinated, filters.neutered, filters.goodWithSmallDogs].filter(Boolean).length
  );
}

/**
 * Whether every dog `narrower` lets through, `wider` lets through too (the radius aside): then a deck walk
 * made with `wider` has passed nothing `narrower` would show (see server/services/matching/deck-positions.ts).
 */
export function covers(wider: DeckFilters, narrower: DeckFilters): boolean {
  const within = <T>(wide: readonly T[], narrow: readonly T[]) =>
    wide.length === 0 || (narrow.length > 0 && narrow.every((value) => wide.includes(value)));
  return (
    within(wider.sizes, narrower.sizes) &&
    within(wider.breeds, narrower.breeds) &&
    within(wider.energies, narrower.energies) &&
    within(wider.playStyles, narrower.playStyles) &&
    (wider.gender === null || wider.gender === narrower.gender) &&
    wider.ageMin <= narrower.ageMin &&
    wider.ageMax >= narrower.ageMax &&
    (!wider.vaccinated || narrower.vaccinated) &&
    (!wider.neutered || narrower.neutered) &&
    (!wider.goodWithSmallDogs || narrower.goodWithSmallDogs)
  );
}
