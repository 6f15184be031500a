import { z } from 'zod';
import { resolveBreed } from '../data/breeds';
import { DEFAULT_COUNTRY } from '../data/countries';
import { resolveTrait } from '../data/traits';
import {
  acceptedBirthMonths,
  BIRTH_MONTH_PATTERN,
  birthMonthForAge,
  monthIndexOf,
  utcMonthIndex,
} from '../domain/dog-age';
import { LIMITS } from '../limits';
import { countryCodeSchema, idSchema, intInRange, optionalText, placeIn } from './common';
import { ONE_LINE_MESSAGE, oneLine } from './text';
import { photoSchema, uploadKeySchema } from './uploads';

export const DOG_GENDERS = ['male', 'female'] as const;
export type DogGender = (typeof DOG_GENDERS)[number];

/** What owners ask before a playdate (issue 20); every one is optional (null: not said). */
export const DOG_SIZES = ['small', 'medium', 'large', 'giant'] as const;
export type DogSize = (typeof DOG_SIZES)[number];
export const DOG_ENERGIES = ['low', 'medium', 'high'] as const;
export type DogEnergy = (typeof DOG_ENERGIES)[number];
export const PLAY_STYLES = ['gentle', 'chase', 'wrestle', 'fetch', 'independent'] as const;
export type PlayStyle = (typeof PLAY_STYLES)[number];
/** The yes/no fields of a dog. */
export const DOG_FLAGS = ['vaccinated', 'neutered', 'goodWithSmallDogs'] as const;
export type DogFlag = (typeof DOG_FLAGS)[number];

/** Breed as typed or picked, stored under its Slovenian name (any language's name is accepted). */
export const breedSchema = z
  .string()
  .trim()
  .min(1, 'validation.breedRequired')
  .transform((text, ctx) => {
    const breed = resolveBreed(text);
    if (breed) return breed;
    ctx.addIssue({ code: 'custom', message: 'validation.breedInvalid' });
    return z.NEVER;
  });

const traitsSchema = z
  .array(z.string())
  .max(LIMITS.dogTraits.max, 'validation.traitInvalid')
  .transform((traits, ctx) => {
    const names = traits.map(resolveTrait);
    if (names.some((name) => name === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'validation.traitInvalid' });
      return z.NEVER;
    }
    return [...new Set(names as string[])];
  });

/** Yes, no, or not said (null). */
const optionalFlag = z
  .boolean('validation.choiceInvalid')
  .nullish()
  .transform((v) => v ?? null);

/** A month from this one back to a dog LIMITS.dogAge.max years old (as `acceptedBirthMonths` allows). */
export const birthMonthSchema = z
  .string('validation.birthMonthInvalid')
  .regex(BIRTH_MONTH_PATTERN, 'validation.birthMonthInvalid')
  .superRefine((month, ctx) => {
    const { earliest, latest } = acceptedBirthMonths();
    const index = monthIndexOf(month);
    if (index > latest) ctx.addIssue({ code: 'custom', message: 'validation.birthMonthFuture' });
    if (index < earliest)
      ctx.addIssue({
        code: 'custom',
        message: 'validation.birthMonthTooOld',
        params: { max: LIMITS.dogAge.max },
      });
  });

const dogFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.dogNameRequired')
    .max(LIMITS.dogName.max, 'validation.dogNameTooLong')
    .refine(oneLine, ONE_LINE_MESSAGE),
  breed: breedSchema,
  /** 'YYYY-MM': the month the dog was born (issue 30). */
  birthMonth: birthMonthSchema
    .optional()
    .meta({ description: 'YYYY-MM: the month the dog was born.', examples: ['2023-04'] }),
  /** The API's age before birth months (scripts may still send it). */
  age: intInRange(LIMITS.dogAge, 'validation.dogAgeRange')
    .optional()
    .describe('Whole years, instead of birthMonth: born that many years before the current month.'),
  /** No default: the owner says it (issue 30). */
  gender: z.enum(DOG_GENDERS, 'validation.genderInvalid'),
  /** The country the dog lives in; `location` is a place there. */
  originCountry: countryCodeSchema.default(DEFAULT_COUNTRY),
  location: z.string().trim().max(LIMITS.location.max, 'validation.locationInvalid'),
  description: optionalText(LIMITS.dogDescription.max, 'validation.descriptionTooLong'),
  traits: traitsSchema.default([]),
  size: z
    .enum(DOG_SIZES, 'validation.choiceInvalid')
    .nullish()
    .transform((v) => v ?? null),
  /** kg, one decimal. */
  weight: z
    .number({ error: 'validation.weightRange' })
    .refine((kg) => kg >= LIMITS.dogWeightKg.min && kg <= LIMITS.dogWeightKg.max, {
      message: 'validation.weightRange',
      params: LIMITS.dogWeightKg,
    })
    .transform((kg) => Math.round(kg * 10) / 10)
    .nullish()
    .transform((v) => v ?? null),
  energy: z
    .enum(DOG_ENERGIES, 'validation.choiceInvalid')
    .nullish()
    .transform((v) => v ?? null),
  playStyle: z
    .enum(PLAY_STYLES, 'validation.choiceInvalid')
    .nullish()
    .transform((v) => v ?? null),
  vaccinated: optionalFlag,
  neutered: optionalFlag,
  goodWithSmallDogs: optionalFlag,
  /** Upload keys of the owner's photos; the first is the main one. */
  photos: z
    .array(uploadKeySchema)
    .max(LIMITS.dogPhotos.max, 'validation.tooManyPhotos')
    .default([])
    .transform((keys) => [...new Set(keys)]),
});

/** `birthMonth`, else the month a legacy `age` stands for; undefined: neither. */
function withBirthMonth<T extends { birthMonth?: string | undefined; age?: number | undefined }>({
  age,
  ...dog
}: T) {
  return {
    ...dog,
    birthMonth: dog.birthMonth ?? (age === undefined ? undefined : birthMonthForAge(age, utcMonthIndex())),
  };
}

type DogFields = z.output<typeof dogFields>;

/** A new dog; its output parses again to the same (the web app sends what it checked). */
export const dogCreateInput = dogFields
  // Said along with the other fields' errors (`when`), so a form shows every one at once.
  .refine((dog) => dog.birthMonth !== undefined || dog.age !== undefined, {
    message: 'validation.birthMonthRequired',
    path: ['birthMonth'],
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
  .transform(placeIn<DogFields>((dog) => dog.originCountry, true))
  // The refine above made sure there is one.
  .transform((dog) => withBirthMonth(dog) as Omit<DogFields, 'age'> & { birthMonth: string });

const dogUpdateFields = dogFields.extend({ id: idSchema, gender: dogFields.shape.gender.optional() });

/** A change to a dog: its birth and gender left out keep the stored ones; every other field is replaced. */
export const dogUpdateInput = dogUpdateFields
  .transform(placeIn<z.output<typeof dogUpdateFields>>((dog) => dog.originCountry, true))
  .transform(withBirthMonth);
export const dogIdInput = z.object({ id: idSchema });

export type DogCreateInput = z.input<typeof dogCreateInput>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/** A dog as every API answers it (server/services/matching/dogs.ts `dogView`); null: not said. */
export const dogView = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  breed: z.string(),
  /** 'YYYY-MM': clients count the age from it (src/domain/dog-age.ts). */
  birthMonth: z.string(),
  gender: z.enum(DOG_GENDERS),
  location: z.string(),
  originCountry: z.string().nullable(),
  description: z.string().nullable(),
  traits: z.array(z.string()),
  /** The first is the main one. */
  photos: z.array(photoSchema),
  /** kg, one decimal. */
  weight: z.number().nullable(),
  size: z.enum(DOG_SIZES).nullable(),
  energy: z.enum(DOG_ENERGIES).nullable(),
  playStyle: z.enum(PLAY_STYLES).nullable(),
  vaccinated: z.boolean().nullable(),
  neutered: z.boolean().nullable(),
  goodWithSmallDogs: z.boolean().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Dog = z.infer<typeof dogView>;

/** The public card of a dog's owner, shown with the dog. */
export const dogOwnerView = z.object({
  userId: z.string(),
  fullName: z.string(),
  photo: photoSchema.nullable(),
  location: z.string().nullable(),
  /** ISO code; clients show the name in their language. */
  countryCode: z.string(),
});
export type DogOwner = z.infer<typeof dogOwnerView>;

/** A dog's public card: the dog and its owner's card. */
export const dogCardView = dogView.extend({ owner: dogOwnerView });
