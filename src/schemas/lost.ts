import { z } from 'zod';
import { DAY_MS } from '../domain/days';
import { LOST_ALERT_KINDS, LOST_ALERT_STATUSES } from '../domain/lost';
import { LIMITS } from '../limits';
import { idSchema, latitude, longitude, optionalText } from './common';
import { ONE_LINE_MESSAGE, oneLine } from './text';
import { photoSchema, uploadKeySchema } from './uploads';

/** A phone's clock a little ahead of the server's is not a sighting in the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

const radiusKm = z
  .number({ error: 'validation.choiceInvalid' })
  .refine((km) => (LIMITS.lostAlert.radiusKm as readonly number[]).includes(km), 'validation.choiceInvalid');

/** When the dog was seen: not in the future, nor longer ago than LIMITS.lostAlert.seenWithinDays. */
const seenAt = z
  .date({ error: 'validation.lostSeenAtInvalid' })
  .refine(
    (at) =>
      at.getTime() <= Date.now() + CLOCK_SKEW_MS &&
      at.getTime() >= Date.now() - LIMITS.lostAlert.seenWithinDays * DAY_MS,
    'validation.lostSeenAtInvalid',
  );
const note = optionalText(LIMITS.lostAlert.noteMax, 'validation.descriptionTooLong');

/**
 * "My dog is lost": where and when it was last seen and what finders should know. Owners within the first
 * radius who keep lost-dog alerts on hear of it at once. The client makes `id`, so a retry stores nothing twice.
 */
export const lostReportInput = z.object({
  id: idSchema,
  dogId: idSchema,
  lat: latitude,
  lon: longitude,
  seenAt,
  note,
  /** A photo taken for the alert (an upload of kind `lost`); without one, the dog's profile photo shows. */
  photo: uploadKeySchema.optional(),
});
export type LostReportInput = z.input<typeof lostReportInput>;

/**
 * "I found a dog and do not know whose it is" (issue 33 §5): where and when, what it looks like (which stands
 * for its name), a photo (required: its owner must know it), what to know (where it is now). Owners within
 * the first radius hear of it as of a lost dog. The client makes `id`.
 */
export const foundReportInput = z.object({
  id: idSchema,
  lat: latitude,
  lon: longitude,
  seenAt,
  looks: z
    .string({ error: 'validation.foundLooksRequired' })
    .trim()
    .min(1, 'validation.foundLooksRequired')
    .max(LIMITS.lostAlert.looksMax, 'validation.foundLooksTooLong')
    .refine(oneLine, ONE_LINE_MESSAGE),
  note,
  photo: z.string({ error: 'validation.foundPhotoRequired' }).pipe(uploadKeySchema),
});
export type FoundReportInput = z.input<typeof foundReportInput>;

export const lostAlertIdInput = z.object({ id: idSchema });

/** The next radius for an open alert: only wider, and those newly within it hear of it. */
export const lostWidenInput = z.object({ id: idSchema, radiusKm });

/** An alert as the viewer may see it: the owner sees the exact point, everyone else a rounded area. */
export const lostAlertView = z.object({
  id: z.string(),
  kind: z.enum(LOST_ALERT_KINDS),
  status: z.enum(LOST_ALERT_STATUSES),
  mine: z.boolean(),
  /** A lost dog's profile; a found dog has none (null `id`, `name` and `breed`): its `looks` say what it is. */
  dog: z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    breed: z.string().nullable(),
    photo: photoSchema.nullable(),
  }),
  looks: z.string().nullable(),
  /** Who raised it: the lost dog's owner, or the found dog's finder. */
  ownerName: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** The listed town nearest the point. */
  town: z.string().nullable(),
  seenAt: z.date(),
  note: z.string().nullable(),
  radiusKm: z.number(),
  createdAt: z.date(),
  expiresAt: z.date(),
  endedAt: z.date().nullable(),
  /** The owner's view: how many owners were told so far (others: null). */
  told: z.number().nullable(),
});
export type LostAlertView = z.infer<typeof lostAlertView>;

/** Open alerts around the viewer's dogs, and the viewer's own (open or ended in the last month). */
export const lostListView = z.object({
  near: z.array(lostAlertView),
  mine: z.array(lostAlertView),
});
export type LostList = z.infer<typeof lostListView>;

/**
 * "I saw this dog" (issue 33 §6): where and when, what it did, a photo (an upload of kind `lost`). The client
 * makes `id`, so a retry stores one sighting.
 */
export const lostSightInput = z.object({
  id: idSchema,
  alertId: idSchema,
  lat: latitude,
  lon: longitude,
  seenAt,
  note,
  photo: uploadKeySchema.optional(),
});
export type LostSightInput = z.input<typeof lostSightInput>;

/**
 * A sighting as the viewer may see it. Its author and the alert's owner see the exact point and who saw it;
 * everyone else the point rounded as the alert's, and no name.
 */
export const lostSightingView = z.object({
  id: z.string(),
  lat: z.number(),
  lon: z.number(),
  town: z.string().nullable(),
  seenAt: z.date(),
  note: z.string().nullable(),
  photo: photoSchema.nullable(),
  /** The viewer saw it. */
  mine: z.boolean(),
  /** Who saw it, for the alert's owner (and its author); null for everyone else. */
  by: z.object({ userId: z.string(), name: z.string() }).nullable(),
  /** The conversation of the viewer with the other side of this sighting, once one of them started it. */
  chatId: z.string().nullable(),
});
export type LostSightingView = z.infer<typeof lostSightingView>;

/** An alert's sightings, oldest first (the order the map joins them in). */
export const lostSightingsView = z.array(lostSightingView);

export const lostSightingIdInput = z.object({ id: idSchema });

/** The conversation between a sighting's author and the alert's owner, where either writes to the other. */
export const lostContactView = z.object({ chatId: z.string() });
