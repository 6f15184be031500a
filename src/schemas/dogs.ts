import { z } from 'zod';
import { resolveBreed } from '../data/breeds';
import { DEFAULT_COUNTRY } from '../data/countries';
import { resolveTrait } from '../data/traits';
import { LIMITS } from '../limits';
import { countryCodeSchema, idSchema, intInRange, optionalText, placeIn } from './common';
import { uploadKeySchema } from './uploads';

export const DOG_GENDERS = ['male', 'female'] as const;
export type DogGender = (typeof DOG_GENDERS)[number];

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
