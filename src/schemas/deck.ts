import { z } from 'zod';
import { NOTIFICATION_STATUSES } from '../domain/requests';
import { LIMITS } from '../limits';
import { intInRange, idSchema } from './common';
import { breedSchema, DOG_ENERGIES, DOG_GENDERS, DOG_SIZES, dogCardView, PLAY_STYLES } from './dogs';

/** Distinct values in a fixed order, so equal choices compare equal (the deck keys its walk by them). */
const choices = <const T extends readonly [string, ...string[]]>(values: T, max = values.length) =>
  z
    .array(z.enum(values, 'validation.choiceInvalid'))
    .max(max, 'validation.choiceInvalid')
    .default([])
    .transform((picked): T[number][] => values.filter((value) => picked.includes(value)));

const radiusSchema = z
  .number('validation.choiceInvalid')
  .refine((km) => (LIMITS.deck.radiusStepsKm as readonly number[]).includes(km), 'validation.choiceInvalid')
  .nullable();

/**
 * What the deck shows (issue 20), remembered per user: within `radiusKm` of the chosen dog's place (null:
 * any distance); of these sizes, energies, play styles, breeds (none: any); aged ageMin…ageMax; of one
 * gender (null: both); and only dogs said to be vaccinated, neutered or good with small dogs where asked.
 * A dog that does not say its size (or energy, play style, …) is left out by a filter on it.
 */
export const deckFiltersSchema = z
  .object({
    radiusKm: radiusSchema.default(LIMITS.deck.defaultRadiusKm),
    sizes: choices(DOG_SIZES),
    ageMin: intInRange(LIMITS.dogAge, 'validation.dogAgeRange').default(LIMITS.dogAge.min),
    ageMax: intInRange(LIMITS.dogAge, 'validation.dogAgeRange').default(LIMITS.dogAge.max),
    gender: z.enum(DOG_GENDERS, 'validation.choiceInvalid').nullable().default(null),
    breeds: z
      .array(breedSchema)
      .max(LIMITS.deck.breedsMax, 'validation.tooManyBreeds')
      .default([])
      .transform((breeds) => [...new Set(breeds)].sort()),
    energies: choices(DOG_ENERGIES),
    playStyles: choices(PLAY_STYLES),
    vaccinated: z.boolean('validation.choiceInvalid').default(false),
    neutered: z.boolean('validation.choiceInvalid').default(false),
    goodWithSmallDogs: z.boolean('validation.choiceInvalid').default(false),
  })
  .refine((filters) => filters.ageMin <= filters.ageMax, {
    message: 'validation.ageRangeOrder',
    path: ['ageMax'],
  });
export type DeckFilters = z.output<typeof deckFiltersSchema>;
export type DeckFiltersInput = z.input<typeof deckFiltersSchema>;

export const deckInput = z.object({
  fromDogId: idSchema,
  limit: z.number().int().min(1).max(50).default(20),
});

/** Undo the last pass made in the deck of one of my dogs. */
export const undoInput = z.object({ fromDogId: idSchema });

/** A page of the dogs I liked, newest first; `cursor` is the last one's like time and id. */
export const likedInput = z
  .object({ cursor: z.object({ likedAt: z.date(), dogId: idSchema }).nullish() })
  .optional();

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/**
 * A deck card: the dog, its owner's card, and how far it is from the chosen dog as a distance bucket
 * (src/domain/distance.ts; null: unknown). Plain (no refinements): every deck call validates each card.
 */
/** A card in the deck: the dog's public card without its timestamps, which no card shows (20 cards a call). */
export const deckCardView = dogCardView
  .omit({ createdAt: true, updatedAt: true })
  .extend({ distance: z.number().nullable() });
export type DeckCard = z.infer<typeof deckCardView>;

/**
 * Deck filters as stored and used: the shape deckFiltersSchema outputs, without its input rules (a stored value
 * a later rule would refuse, a breed since renamed, must still be answered).
 */
export const deckFiltersView = z.object({
  radiusKm: z.number().nullable(),
  sizes: z.array(z.enum(DOG_SIZES)),
  ageMin: z.number(),
  ageMax: z.number(),
  gender: z.enum(DOG_GENDERS).nullable(),
  breeds: z.array(z.string()),
  energies: z.array(z.enum(DOG_ENERGIES)),
  playStyles: z.array(z.enum(PLAY_STYLES)),
  vaccinated: z.boolean(),
  neutered: z.boolean(),
  goodWithSmallDogs: z.boolean(),
}) satisfies z.ZodType<DeckFilters>;

const likedCursor = z.object({ likedAt: z.date(), dogId: z.string() });

/** A dog I liked, when, and my request for it (null where the like went into an existing chat as a heart). */
export const likedDogView = z.object({
  dog: dogCardView,
  likedAt: z.date(),
  request: z.object({ id: z.string(), status: z.enum(NOTIFICATION_STATUSES) }).nullable(),
});
export type LikedDog = z.infer<typeof likedDogView>;

/** A page of the dogs I liked; `nextCursor` asks for the next one (null: this was the last). */
export const likedPageView = z.object({ items: z.array(likedDogView), nextCursor: likedCursor.nullable() });
