import { z } from 'zod';
import { LIKE_MESSAGE } from '../domain/like-message';
import { LIMITS } from '../limits';
import { idSchema } from './common';

/** 'like' is the heart message (SPEC §4): shown in the reader's language, never recognised by its text. */
export const MESSAGE_TYPES = ['text', 'emoji', 'like'] as const;

export const chatIdInput = z.object({ chatId: idSchema });

export const messagesInput = z.object({
  chatId: idSchema,
  /** Older messages than this event id (a message's `seq`), for paging back (tRPC's infinite-query cursor). */
  cursor: z.number().int().positive().nullish(),
});

/** A message's text, in pair chats and event chats alike. */
export const messageContent = z
  .string()
  .trim()
  .min(1, 'validation.messageRequired')
  .max(LIMITS.chatMessage.max, 'validation.messageTooLong');

/** The message's id, chosen by the client so that a retried send (e.g. after a network drop) is stored once. */
const clientMessageId = idSchema.optional();

export const sendInput = z
  .object({
    chatId: idSchema,
    id: clientMessageId,
    content: messageContent,
    type: z.enum(MESSAGE_TYPES).default('text'),
  })
  // A heart says what every heart says, whatever text came with it.
  .transform((input) => (input.type === 'like' ? { ...input, content: LIKE_MESSAGE.content } : input));

/** A message to an event's chat (its attendees and organiser). */
export const eventChatSendInput = z.object({
  eventId: idSchema,
  id: clientMessageId,
  content: messageContent,
});

/** The chat list's version (a digest of what the list shows), for resuming `chats.onChange`. */
export const listResumeInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^[0-9a-f]{1,64}$/)
      .nullish(),
  })
  .optional();
