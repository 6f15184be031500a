import { z } from 'zod';
import { isCityCountry } from '../data/city-countries';
import { DEFAULT_COUNTRY } from '../data/countries';
import { LIMITS } from '../limits';
import {
  countryCodeSchema,
  idSchema,
  intInRange,
  latitude,
  longitude,
  optionalText,
  placeIn,
} from './common';
import { ONE_LINE_MESSAGE, oneLine } from './text';
import { photoSchema, uploadKeySchema } from './uploads';
import {
  CHECK_IN_AUDIENCES,
  LEASH_RULES,
  SPOT_AMENITIES,
  SPOT_KINDS,
  SPOT_STATUSES,
  SUGGESTED_FIELDS,
  type SuggestedField,
} from '../domain/spots';

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'validation.spotHoursInvalid');

/** One opening range of a day, "HH:MM" to "HH:MM" (24:00: until midnight), on Ljubljana's wall clock. */
const range = z
  .object({ from: clock, to: clock })
  .refine(({ from, to }) => from < to && from !== '24:00', 'validation.spotHoursInvalid');

/**
 * Opening hours Monday to Sunday, each day's ranges in order and apart (none: closed that day); null where
 * hours do not apply (a park, a trail).
 */
export const openingHoursSchema = z
  .array(z.array(range).max(LIMITS.spot.rangesPerDay, 'validation.spotHoursInvalid'), {
    error: 'validation.spotHoursInvalid',
  })
  .length(7, 'validation.spotHoursInvalid')
  .refine(
    (days) => days.every((ranges) => ranges.every((r, i) => i === 0 || ranges[i - 1]!.to < r.from)),
    'validation.spotHoursInvalid',
  );
export type OpeningHours = z.infer<typeof openingHoursSchema>;

const unique = <T>(values: readonly T[]) => new Set(values).size === values.length;

/** A place's country: one with a town list, as places are looked for near a town of those lists. */
const spotCountry = countryCodeSchema.refine(isCityCountry, 'validation.countryInvalid');

const spotFields = z.object({
  kind: z.enum(SPOT_KINDS, 'validation.choiceInvalid'),
  name: z
    .string()
    .trim()
    .min(LIMITS.spot.name.min, 'validation.spotNameTooShort')
    .max(LIMITS.spot.name.max, 'validation.spotNameTooLong')
    .refine(oneLine, ONE_LINE_MESSAGE),
  country: spotCountry,
  /** The town it is in, one of the picker's places of `country`. */
  location: z.string().trim().max(LIMITS.location.max, 'validation.locationInvalid'),
  lat: latitude,
  lon: longitude,
  description: optionalText(LIMITS.spot.descriptionMax, 'validation.descriptionTooLong'),
  amenities: z
    .array(z.enum(SPOT_AMENITIES, 'validation.choiceInvalid'))
    .refine(unique, 'validation.choiceInvalid')
    .default([]),
  leashRule: z
    .enum(LEASH_RULES, 'validation.choiceInvalid')
    .nullish()
    .transform((rule) => rule ?? null),
  hours: openingHoursSchema.nullish().transform((hours) => hours ?? null),
  /** A vet's emergency service, day and night. */
  emergency: z.boolean().default(false),
  photos: z
    .array(uploadKeySchema)
    .max(LIMITS.spot.photosMax, 'validation.tooManyPhotos')
    .default([])
    .transform((keys) => [...new Set(keys)]),
});

export const spotCreateInput = spotFields.transform(placeIn((spot) => spot.country, true));

/**
 * "Suggest a change" (issue 33 §2): the place as the owner would have it (its fields but photos), and why. The
 * server keeps what differs from the place; a moderator applies it or turns it down.
 */
export const spotSuggestInput = spotFields
  .omit({ photos: true })
  .extend({
    spotId: idSchema,
    note: optionalText(LIMITS.spot.suggestionNoteMax, 'validation.descriptionTooLong'),
  })
  .transform(placeIn((spot) => spot.country, true));
export type SpotSuggestInput = z.input<typeof spotSuggestInput>;

export const decideSuggestionInput = z.object({ id: idSchema, apply: z.boolean() });
export type SpotCreateInput = z.input<typeof spotCreateInput>;

/**
 * Where to look: a point, or a town of the pickers (its centre; "near my dog" is its dog's town); and the
 * places around it the filters let through, nearest first.
 */
export const spotsNearInput = z
  .object({
    lat: latitude.optional(),
    lon: longitude.optional(),
    country: spotCountry.default(DEFAULT_COUNTRY),
    location: z.string().trim().max(LIMITS.location.max, 'validation.locationInvalid').default(''),
    radiusKm: z
      .number()
      .refine((km) => (LIMITS.spot.radiiKm as readonly number[]).includes(km), 'validation.choiceInvalid')
      .default(LIMITS.spot.defaultRadiusKm),
    kinds: z.array(z.enum(SPOT_KINDS, 'validation.choiceInvalid')).max(SPOT_KINDS.length).default([]),
    amenities: z
      .array(z.enum(SPOT_AMENITIES, 'validation.choiceInvalid'))
      .max(SPOT_AMENITIES.length)
      .default([]),
  })
  .transform((value, ctx) => {
    const { lat, lon, ...rest } = value;
    if (lat !== undefined && lon !== undefined) return { ...rest, point: { lat, lon } as const };
    if (lat !== undefined || lon !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.pointInvalid',
        path: [lat === undefined ? 'lat' : 'lon'],
      });
      return z.NEVER;
    }
    const town = placeIn<typeof value>((v) => v.country, true)(value, ctx);
    return { ...rest, location: town.location, point: null };
  });
export type SpotsNearInput = z.input<typeof spotsNearInput>;

/** My rating (1–5) of a place and an optional tip; a second review replaces the first. */
export const spotReviewInput = z.object({
  spotId: idSchema,
  rating: intInRange({ min: 1, max: 5 }, 'validation.ratingInvalid'),
  tip: optionalText(LIMITS.spot.tipMax, 'validation.tipTooLong').refine(
    (tip) => tip === null || oneLine(tip),
    ONE_LINE_MESSAGE,
  ),
});

export const spotIdInput = z.object({ id: idSchema });

/** A place as a list or the map shows it. */
export const spotSummary = z.object({
  id: z.string(),
  kind: z.enum(SPOT_KINDS),
  name: z.string(),
  country: z.string(),
  location: z.string(),
  lat: z.number(),
  lon: z.number(),
  amenities: z.array(z.enum(SPOT_AMENITIES)),
  leashRule: z.enum(LEASH_RULES).nullable(),
  emergency: z.boolean(),
  /** Metres from the point asked about (null where no point was given). */
  distanceM: z.number().nullable(),
  /** The mean of the ratings, one decimal; null before the first. */
  rating: z.number().nullable(),
  ratings: z.number(),
  photo: photoSchema.nullable(),
  status: z.enum(SPOT_STATUSES),
  /** A place of the demo set. */
  demo: z.boolean(),
  /** Dogs checked in there now, of owners the viewer may see. */
  dogsHere: z.number(),
});
export type SpotSummary = z.infer<typeof spotSummary>;

/** One owner's review, as others read it. */
export const spotReviewView = z.object({
  userId: z.string(),
  fullName: z.string(),
  rating: z.number(),
  tip: z.string().nullable(),
  updatedAt: z.date(),
});

/** A place's page: all of it, its newest reviews and mine. */
export const spotView = spotSummary.extend({
  description: z.string().nullable(),
  hours: openingHoursSchema.nullable(),
  photos: z.array(photoSchema),
  isMine: z.boolean(),
  reviews: z.array(spotReviewView),
  myReview: spotReviewView.nullable(),
});
export type SpotView = z.infer<typeof spotView>;

/** A place's values a suggestion changes (SUGGESTED_FIELDS), as stored and shown (a country by its code). */
export const suggestedValues = spotView.pick(
  Object.fromEntries(SUGGESTED_FIELDS.map((field) => [field, true])) as { [F in SuggestedField]: true },
);
export type SuggestedValues = z.infer<typeof suggestedValues>;

/** A waiting suggestion as a moderator reads it: the place now and the changed fields as suggested. */
export const spotSuggestionView = z.object({
  id: z.string(),
  spotId: z.string(),
  spotName: z.string(),
  by: z.object({ userId: z.string(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  createdAt: z.date(),
  now: suggestedValues,
  changes: suggestedValues.partial(),
});
export type SpotSuggestionView = z.infer<typeof spotSuggestionView>;

/**
 * "We're here now": some of my dogs at a place for a while. The client makes `id`, so a retry after a lost
 * answer stores nothing twice.
 */
export const checkInInput = z.object({
  id: idSchema,
  spotId: idSchema,
  dogIds: z
    .array(idSchema)
    .min(1, 'validation.checkInDogsRequired')
    .max(LIMITS.checkIn.dogsMax, 'validation.checkInDogsRequired')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.checkInDogsRequired'),
  minutes: z
    .number({ error: 'validation.choiceInvalid' })
    .refine((m) => (LIMITS.checkIn.minutes as readonly number[]).includes(m), 'validation.choiceInvalid')
    .default(LIMITS.checkIn.defaultMinutes),
  audience: z.enum(CHECK_IN_AUDIENCES, 'validation.choiceInvalid').default('matches'),
});
export type CheckInInput = z.input<typeof checkInInput>;

/** A dog of a check-in, as the viewer may see it. */
const checkedInDog = z.object({ id: z.string(), name: z.string(), photo: photoSchema.nullable() });

/** Who is at a place now: how many dogs, and those the viewer may see by name; mine apart. */
export const hereNowView = z.object({
  dogs: z.number(),
  shown: z.array(
    z.object({
      id: z.string(),
      ownerName: z.string(),
      /** The owner is one of the viewer's matches. */
      match: z.boolean(),
      until: z.date(),
      dogs: z.array(checkedInDog),
    }),
  ),
  mine: z
    .object({
      id: z.string(),
      until: z.date(),
      audience: z.enum(CHECK_IN_AUDIENCES),
      dogs: z.array(checkedInDog),
    })
    .nullable(),
  /** My open check-in at another place, which a new one here would end. */
  elsewhere: z.object({ spotId: z.string(), spotName: z.string() }).nullable(),
});
export type HereNow = z.infer<typeof hereNowView>;
