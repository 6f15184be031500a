/**
 * Dog places (issue 33): their kinds, amenities, leash rules and states. Without zod, so the web's places page
 * lists them without loading the schemas (src/schemas/spots.ts builds on them).
 */

/** Dog places (issue 33), in the order the filters offer them. */
export const SPOT_KINDS = [
  'dogPark',
  'trail',
  'water',
  'vet',
  'petShop',
  'groomer',
  'training',
  'cafe',
  'stay',
] as const;
export type SpotKind = (typeof SPOT_KINDS)[number];

/** What a place has; a filter asks for all it names. */
export const SPOT_AMENITIES = ['fenced', 'water', 'bins', 'lighting', 'shade', 'smallDogArea'] as const;
export type SpotAmenity = (typeof SPOT_AMENITIES)[number];

/** Whether dogs may run free there. */
export const LEASH_RULES = ['offLeash', 'onLeash', 'mixed'] as const;

/** A moderator publishes a new account's place first (LIMITS.antiSpam.newAccountDays). */
export const SPOT_STATUSES = ['pending', 'published'] as const;
