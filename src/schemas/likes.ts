import { z } from 'zod';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../domain/requests';
import { MODERATION_ACTIONS } from '../domain/safety';
import { idSchema } from './common';
import { photoSchema } from './uploads';

export const likeInput = z.object({ fromDogId: idSchema, dogId: idSchema });
export const requestIdInput = z.object({ id: idSchema });
/** Resumes a subscription after the last event the client saw (tRPC tracked ids). */
export const resumeInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^\d{1,18}$/)
      .nullish(),
  })
  .optional();

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/** What a like did (SPEC §4, DECISIONS 2–4): a request, already sent, a cooldown, a heart in the chat, a match. */
export const likeOutcomeView = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('requested') }),
  z.object({ outcome: z.literal('already_sent') }),
  z.object({ outcome: z.literal('cooldown'), minutesLeft: z.number() }),
  z.object({ outcome: z.literal('message_sent'), chatId: z.string() }),
  z.object({ outcome: z.literal('match'), chatId: z.string() }),
]);
export type LikeOutcome = z.infer<typeof likeOutcomeView>;

/** A dog as a request or notice shows it. */
const requestDogView = z.object({
  id: z.string(),
  name: z.string(),
  breed: z.string(),
  photo: photoSchema.nullable(),
});
export type RequestDog = z.infer<typeof requestDogView>;

/** A request or notice as either party sees it (SPEC §3 notifications with its joined data). */
export const requestView = z.object({
  id: z.string(),
  /** Its event id in the live stream (requests.onChange). */
  seq: z.number(),
  direction: z.enum(['received', 'sent']),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUSES),
  createdAt: z.date(),
  updatedAt: z.date(),
  dog: requestDogView.nullable(),
  fromDog: requestDogView.nullable(),
  counterpart: z.object({ userId: z.string(), fullName: z.string() }).nullable(),
  /** The chat between the two about this dog, once there is one (accepted requests, matches). */
  chatId: z.string().nullable(),
  detail: z.string().nullable(),
  /** The event an event notice is about, what moved (event_changed) and the start a reminder is for. */
  event: z
    .object({
      id: z.string(),
      changes: z
        .object({ date: z.string().optional(), time: z.string().optional(), place: z.string().optional() })
        .nullable(),
      startsAt: z.date().nullable(),
    })
    .nullable(),
  /** The lost-dog alert a 'lost_sighting' notice is about. */
  lostAlertId: z.string().nullable(),
  /** A moderator's decision (moderation and report_decision notices), with its statement of reasons. */
  decision: z
    .object({
      id: z.string(),
      action: z.enum(MODERATION_ACTIONS),
      statement: z.string(),
      suspendedUntil: z.date().nullable(),
      /** The affected user has appealed it (one appeal per decision). */
      appealed: z.boolean(),
    })
    .nullable(),
});
export type RequestItem = z.infer<typeof requestView>;
