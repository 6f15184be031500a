import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { chatMessages, eventMessages } from '../../db/schema';

/**
 * A conversation kind's message table, as the shared code (conversation.ts, anti-spam.ts) reads it. Each
 * kind keeps its messages in a table of its own with these columns; a new kind adds its table here.
 */
export interface MessageTable {
  table: PgTable;
  id: AnyPgColumn<{ data: string; notNull: true }>;
  /** The conversation the message is in (a chat, an event). */
  conversationId: AnyPgColumn<{ data: string; notNull: true }>;
  senderId: AnyPgColumn<{ data: string; notNull: true }>;
  seq: AnyPgColumn<{ data: number; notNull: true }>;
  createdAt: AnyPgColumn<{ data: Date; notNull: true }>;
  /** For the duplicate rule (anti-spam.ts: fingerprintOf). */
  fingerprint: AnyPgColumn<{ data: string | null }>;
}

export const pairChatMessages: MessageTable = {
  table: chatMessages,
  id: chatMessages.id,
  conversationId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  seq: chatMessages.seq,
  createdAt: chatMessages.createdAt,
  fingerprint: chatMessages.fingerprint,
};

export const eventChatMessages: MessageTable = {
  table: eventMessages,
  id: eventMessages.id,
  conversationId: eventMessages.eventId,
  senderId: eventMessages.senderId,
  seq: eventMessages.seq,
  createdAt: eventMessages.createdAt,
  fingerprint: eventMessages.fingerprint,
};

/** Every kind's messages: the duplicate rule counts a text across all conversations, whatever their kind. */
export const MESSAGE_TABLES = [pairChatMessages, eventChatMessages];
