import { z } from 'zod';
import { resolveBreed } from '../data/breeds';
import { DEFAULT_COUNTRY } from '../data/countries';
import { resolveTrait } from '../data/traits';
import { LIMITS } from '../limits';
import { countryCodeSchema, idSchema, intInRange, optionalText, placeIn } from './common';
import { uploadKeySchema } from './uploads';

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

const dogFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.dogNameRequired')
    .max(LIMITS.dogName.max, 'validation.dogNameTooLong'),
  breed: breedSchema,
  age: intInRange(LIMITS.dogAge, 'validation.dogAgeRange'),
  gender: z.enum(DOG_GENDERS, 'validation.genderInvalid').default('male'),
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

const dogPlace = placeIn<z.output<typeof dogFields>>((dog) => dog.originCountry, true);

export const dogCreateInput = dogFields.transform(dogPlace);
export const dogUpdateInput = dogFields
  .extend({ id: idSchema })
  .transform(placeIn<z.output<typeof dogFields> & { id: string }>((dog) => dog.originCountry, true));
export const dogIdInput = z.object({ id: idSchema });

export type DogCreateInput = z.input<typeof dogCreateInput>;
