import { z } from 'zod';

export const UPLOAD_KINDS = ['dog', 'profile', 'event', 'spot', 'lost'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Storage folder per kind (SPEC §7 Storage). */
export const UPLOAD_FOLDER: Record<UploadKind, string> = {
  dog: 'dogs',
  profile: 'profiles',
  event: 'events',
  spot: 'spots',
  lost: 'lost',
};

/** A key the server made: folder and 26 random base32 characters (see server/services/uploads.ts). */
export const uploadKeySchema = z
  .string()
  .regex(/^(dogs|profiles|events|spots|lost)\/[a-z2-7]{26}$/, 'validation.photoInvalid');

export const uploadQuery = z.object({ kind: z.enum(UPLOAD_KINDS) });

const photoUrlsSchema = z.object({ thumb: z.string(), medium: z.string(), full: z.string() });
export type PhotoUrls = z.infer<typeof photoUrlsSchema>;

/** An uploaded photo as every API returns it: its key and the address of each stored size. */
export const photoSchema = photoUrlsSchema.extend({ key: z.string() });
export type Photo = z.infer<typeof photoSchema>;
