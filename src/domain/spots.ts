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

/**
 * A suggested change to a place (issue 33 §2): waiting for a moderator, applied to the place, or turned down.
 */
export const SUGGESTION_STATUSES = ['open', 'applied', 'rejected'] as const;

/** What a suggestion may change of a place, in the order a moderator reads them (photos stay the author's). */
export const SUGGESTED_FIELDS = [
  'kind',
  'name',
  'country',
  'location',
  'lat',
  'lon',
  'description',
  'amenities',
  'leashRule',
  'hours',
  'emergency',
] as const;
export type SuggestedField = (typeof SUGGESTED_FIELDS)[number];

/** Who sees the dogs of a check-in by name (the default first); everyone else sees only how many are there. */
export const CHECK_IN_AUDIENCES = ['matches', 'everyone'] as const;
export type CheckInAudience = (typeof CHECK_IN_AUDIENCES)[number];

/** The query parameter of /mesta that opens one place's details (a link to share, a report's target). */
export const SPOT_PARAM = 'kraj';

/** A place on OpenStreetMap, its marker at the point (until the app's own map, issue 33). */
export const spotMapLink = ({ lat, lon }: { lat: number; lon: number }) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
