import { z } from 'zod';
import { LIKE_MESSAGE } from '../domain/like-message';
import { LIMITS } from '../limits';
import { idSchema } from './common';
import { photoSchema } from './uploads';

/** 'like' is the heart message (SPEC §4): shown in the reader's language, never recognised by its text. */
export const MESSAGE_TYPES = ['text', 'emoji', 'like'] as const;

export const chatIdInput = z.object({ chatId: idSchema });

export const messagesInput = z.object({
  chatId: idSchema,
  /** Older messages than this event id (a message's `seq`), for paging back (tRPC's infinite-query cursor). */
  cursor: z.number().int().positive().nullish(),
});

/**
 * A message's text, in pair chats and event chats alike. Line breaks are text here, but a NUL character is
 * refused as input: PostgreSQL cannot store it, and the send would otherwise learn so only once it writes,
 * after it has checked who may write where.
 */
export const messageContent = z
  .string()
  .trim()
  .min(1, 'validation.messageRequired')
  .max(LIMITS.chatMessage.max, 'validation.messageTooLong')
  .refine((text) => !text.includes('\u0000'), 'validation.messageUnstorable');

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

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/** A pair chat's stored message (chats.messages, chats.send, chats.onMessage). */
export const chatMessageView = z.object({
  id: z.string(),
  seq: z.number(),
  chatId: z.string(),
  senderId: z.string(),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  createdAt: z.date(),
});
export type ChatMessage = z.infer<typeof chatMessageView>;

/** One of my chats as the list shows it (chats.list, chats.onChange). */
export const chatSummaryView = z.object({
  id: z.string(),
  chatName: z.string(),
  /** Whether I am the dog's owner in this chat. */
  iAmOwner: z.boolean(),
  lastMessageAt: z.date(),
  /** Unread messages for me. */
  unread: z.number(),
  lastMessage: chatMessageView.nullable(),
  /** The other person; null once their account is deleted ('Deleted User': the chat is read-only). */
  counterpart: z
    .object({ userId: z.string(), fullName: z.string(), photo: photoSchema.nullable() })
    .nullable(),
  /** A chat about a lost dog (issue 33 §6): its alert; the dog is the lost one for both parties. */
  lostAlertId: z.string().nullable(),
  /** The other party's dog (SPEC: opposing dog); null once it is gone and the chat stays (DECISIONS 5). */
  dog: z
    .object({ id: z.string(), name: z.string(), breed: z.string(), photo: photoSchema.nullable() })
    .nullable(),
});
export type ChatSummary = z.infer<typeof chatSummaryView>;

/** A message of an event's chat (events.chatMessages, events.chatSend, events.onChatMessage). */
export const eventChatMessageView = z.object({
  id: z.string(),
  seq: z.number(),
  eventId: z.string(),
  senderId: z.string(),
  /** The sender's name is empty once their profile is gone. */
  sender: z.object({ fullName: z.string(), photo: photoSchema.nullable() }),
  /** Sent by the event's organiser. */
  fromOrganiser: z.boolean(),
  content: z.string(),
  createdAt: z.date(),
});
export type EventChatMessage = z.infer<typeof eventChatMessageView>;
