import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../data/countries';
import { LIMITS } from '../limits';
import { fullNameSchema } from './auth';
import { countryCodeSchema, idSchema, intInRange, placeIn } from './common';
import { dogView } from './dogs';
import { photoSchema, uploadKeySchema } from './uploads';

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

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/** An owner's profile as others see it. */
export const publicProfileView = z.object({
  userId: z.string(),
  fullName: z.string(),
  photo: photoSchema.nullable(),
  age: z.number().nullable(),
  /** Country code and the stored place name. */
  countryCode: z.string(),
  location: z.string().nullable(),
  lastActive: z.date().nullable(),
  createdAt: z.date(),
});
export type PublicProfile = z.infer<typeof publicProfileView>;

/** My own profile: the public one and my e-mail. */
export const ownProfileView = publicProfileView.extend({ email: z.string() });
export type OwnProfile = z.infer<typeof ownProfileView>;

/** Another owner's public card, with their dogs (newest first). */
export const profileCardView = publicProfileView.extend({ dogs: z.array(dogView) });

/** My numbers: dogs and matches. */
export const profileStatsView = z.object({ dogs: z.number(), matches: z.number() });
