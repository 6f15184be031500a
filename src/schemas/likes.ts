import { z } from 'zod';
import { idSchema } from './common';

export const deckInput = z.object({
  fromDogId: idSchema,
  limit: z.number().int().min(1).max(50).default(20),
  /** Where this session of swiping starts in the shuffled order; the same seed gives the same order. */
  seed: z.number().min(0).max(1).optional(),
});

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

export type LikeOutcome =
  | { outcome: 'requested' }
  | { outcome: 'already_sent' }
  | { outcome: 'cooldown'; minutesLeft: number }
  | { outcome: 'message_sent'; chatId: string }
  | { outcome: 'match'; chatId: string };
