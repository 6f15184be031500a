import { z } from 'zod';
import { DAY_MS } from '../domain/days';
import { LOST_ALERT_STATUSES } from '../domain/lost';
import { LIMITS } from '../limits';
import { idSchema, latitude, longitude, optionalText } from './common';
import { photoSchema, uploadKeySchema } from './uploads';

/** A phone's clock a little ahead of the server's is not a sighting in the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

const radiusKm = z
  .number({ error: 'validation.choiceInvalid' })
  .refine((km) => (LIMITS.lostAlert.radiusKm as readonly number[]).includes(km), 'validation.choiceInvalid');

/**
 * "My dog is lost": where and when it was last seen and what finders should know. Owners within the first
 * radius who keep lost-dog alerts on hear of it at once. The client makes `id`, so a retry stores nothing twice.
 */
export const lostReportInput = z.object({
  id: idSchema,
  dogId: idSchema,
  lat: latitude,
  lon: longitude,
  seenAt: z
    .date({ error: 'validation.lostSeenAtInvalid' })
    .refine(
      (at) =>
        at.getTime() <= Date.now() + CLOCK_SKEW_MS &&
        at.getTime() >= Date.now() - LIMITS.lostAlert.seenWithinDays * DAY_MS,
      'validation.lostSeenAtInvalid',
    ),
  note: optionalText(LIMITS.lostAlert.noteMax, 'validation.descriptionTooLong'),
  /** A photo taken for the alert (an upload of kind `lost`); without one, the dog's profile photo shows. */
  photo: uploadKeySchema.optional(),
});
export type LostReportInput = z.input<typeof lostReportInput>;

export const lostAlertIdInput = z.object({ id: idSchema });

/** The next radius for an open alert: only wider, and those newly within it hear of it. */
export const lostWidenInput = z.object({ id: idSchema, radiusKm });

/** An alert as the viewer may see it: the owner sees the exact point, everyone else a rounded area. */
export const lostAlertView = z.object({
  id: z.string(),
  status: z.enum(LOST_ALERT_STATUSES),
  mine: z.boolean(),
  dog: z.object({ id: z.string(), name: z.string(), breed: z.string(), photo: photoSchema.nullable() }),
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
