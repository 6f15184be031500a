import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../data/countries';
import { LIMITS } from '../limits';
import { fullNameSchema } from './auth';
import { countryCodeSchema, idSchema, intInRange, placeIn } from './common';
import { uploadKeySchema } from './uploads';

const profileFields = z.object({
  fullName: fullNameSchema,
  age: intInRange(LIMITS.profileAge, 'validation.profileAgeRange')
    .nullish()
    .transform((age) => age ?? null),
  country: countryCodeSchema.default(DEFAULT_COUNTRY),
  location: z.string().trim().max(LIMITS.location.max, 'validation.locationInvalid').default(''),
  /** A new photo's upload key; null removes the photo; absent keeps it. */
  photoKey: uploadKeySchema.nullable().optional(),
});

export const profileUpdateInput = profileFields.transform(
  placeIn<z.output<typeof profileFields>>((profile) => profile.country, false),
);

export const userIdInput = z.object({ userId: idSchema });
