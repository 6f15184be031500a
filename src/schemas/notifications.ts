import { z } from 'zod';
import {
  channelsOf,
  isTimeZone,
  LATER_TOPICS,
  NOTIFY_TOPICS,
  type NotifyChannel,
  type NotifyTopic,
} from '../domain/notify';
import { LOCALES } from '../i18n';
import { LIMITS } from '../limits';

const channelSchema = (topic: NotifyTopic) =>
  z.enum(channelsOf(topic) as [NotifyChannel, ...NotifyChannel[]], 'validation.notifyChannelInvalid');
const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.timeInvalid');

/** A channel for each topic, of those the topic offers. */
const channelsSchema = z.object(
  Object.fromEntries(NOTIFY_TOPICS.map((topic) => [topic, channelSchema(topic)])) as Record<
    NotifyTopic,
    z.ZodEnum<Record<NotifyChannel, NotifyChannel>>
  >,
);

/** What a caller sends: a topic added later may be left out (a script written before it keeps working). */
const channelsInput = channelsSchema.partial(
  Object.fromEntries(LATER_TOPICS.map((topic) => [topic, true])) as Record<
    (typeof LATER_TOPICS)[number],
    true
  >,
);

/** The settings' notification choices: a channel per topic, and quiet hours (both ends, or none). */
export const notifyPreferencesSchema = z.object({
  channels: channelsInput,
  quietHours: z
    .object({ from: timeSchema, to: timeSchema })
    .refine((quiet) => quiet.from !== quiet.to, {
      message: 'validation.quietHoursEmpty',
      path: ['to'],
    })
    .nullable(),
  timeZone: z.string().max(64, 'validation.timeZoneInvalid').refine(isTimeZone, 'validation.timeZoneInvalid'),
});
export type NotifyPreferencesInput = z.infer<typeof notifyPreferencesSchema>;

/** A user's notification choices as stored (issue 19 §4), defaults when they never chose. */
export const notifyPreferencesView = z.object({
  channels: channelsSchema,
  /** Topics whose e-mail an unsubscribe link turned off (choosing e-mail for one turns it on again). */
  emailOff: z.array(z.enum(NOTIFY_TOPICS)),
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
  timeZone: z.string(),
});
export type NotifyPreferences = z.infer<typeof notifyPreferencesView>;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'validation.pushSubscriptionInvalid');

/** A browser's PushSubscription as `toJSON()` gives it. Push services speak HTTPS only. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'validation.pushSubscriptionInvalid' })
    .max(LIMITS.notify.endpointMax, 'validation.pushSubscriptionInvalid'),
  keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({
  endpoint: z.string().max(LIMITS.notify.endpointMax, 'validation.pushSubscriptionInvalid'),
});

export const localeSchema = z.object({ locale: z.enum(LOCALES, 'validation.localeInvalid') });

/** The server's VAPID public key, how many browsers get the user's pushes, and whether this one does. */
export const pushDevicesView = z.object({
  publicKey: z.string(),
  count: z.number().int(),
  thisDevice: z.boolean(),
});
