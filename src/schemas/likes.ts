import { z } from 'zod';
import { idSchema } from './common';

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
