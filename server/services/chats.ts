import { createHash } from 'node:crypto';
import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../src/errors';
import { LIMITS } from '../../src/limits';
import type { Photo } from '../../src/schemas/uploads';
import type { DbOrTx } from '../db/client';
import { lockStreams } from '../realtime/stream-lock';
import { chatMessages, chats, dogProfiles, profiles } from '../db/schema';
import type { ServiceDeps } from './deps';
import { photoOf } from './uploads';

type ChatRow = typeof chats.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export interface ChatMessage {
  id: string;
  seq: number;
  chatId: string;
  senderId: string;
  content: string;
  messageType: MessageRow['messageType'];
  createdAt: Date;
}

export interface ChatSummary {
  id: string;
  chatName: string;
  /** Whether I am the dog's owner in this chat. */
  iAmOwner: boolean;
  lastMessageAt: Date;
  /** Unread messages for me. */
  unread: number;
  lastMessage: ChatMessage | null;
  /** The other person; null once their account is deleted ('Deleted User': the chat is read-only). */
  counterpart: { userId: string; fullName: string; photo: Photo | null } | null;
  dog: { id: string; name: string; breed: string; photo: Photo | null };
}

/** Each party hears their chats' changes here; a chat's messages on its own topic. */
export const chatListTopic = (userId: string) => `chats:${userId}`;
export const chatTopic = (chatId: string) => `chat:${chatId}`;

const messageView = (row: MessageRow): ChatMessage => ({
  id: row.id,
  seq: row.seq,
  chatId: row.chatId,
  senderId: row.senderId,
  content: row.content,
  messageType: row.messageType,
  createdAt: row.createdAt,
});

/** The chat if `userId` is one of its two parties; anyone else learns nothing (NOT_FOUND). */
export async function chatOf(db: DbOrTx, userId: string, chatId: string): Promise<ChatRow> {
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), or(eq(chats.ownerId, userId), eq(chats.userId, userId))));
  if (!chat) throw new AppError('NOT_FOUND');
  return chat;
}

const counterpartProfile = alias(profiles, 'counterpart');
const lastMessage = alias(chatMessages, 'last_message');

export async function listChats(deps: ServiceDeps, userId: string): Promise<ChatSummary[]> {
  const rows = await deps.db
    .select({ chat: chats, dog: dogProfiles, counterpart: counterpartProfile, last: lastMessage })
    .from(chats)
    .innerJoin(dogProfiles, eq(dogProfiles.id, chats.dogId))
    .leftJoin(
      counterpartProfile,
      eq(
        counterpartProfile.userId,
        sql`case when ${chats.ownerId} = ${userId} then ${chats.userId} else ${chats.ownerId} end`,
      ),
    )
    .leftJoin(
      lastMessage,
      eq(
        lastMessage.id,
        sql`(select m.id from ${chatMessages} m where m.chat_id = ${chats.id} order by m.seq desc limit 1)`,
      ),
    )
    .where(or(eq(chats.ownerId, userId), eq(chats.userId, userId)))
    .orderBy(desc(chats.lastMessageAt));
  return rows.map(({ chat, dog, counterpart, last }) => {
    const iAmOwner = chat.ownerId === userId;
    return {
      id: chat.id,
      chatName: chat.chatName,
      iAmOwner,
      lastMessageAt: chat.lastMessageAt,
      unread: iAmOwner ? chat.unreadCountOwner : chat.unreadCountUser,
      lastMessage: last ? messageView(last) : null,
      counterpart: counterpart
        ? {
            userId: counterpart.userId,
            fullName: counterpart.fullName,
            photo: counterpart.photoUrl ? photoOf(deps.storage, counterpart.photoUrl) : null,
          }
        : null,
      dog: {
        id: dog.id,
        name: dog.name,
        breed: dog.breed,
        photo: dog.photos[0] ? photoOf(deps.storage, dog.photos[0]) : null,
      },
    };
  });
}

/** A page of messages in ascending order: the newest page, or the one before `before`. */
export async function messages(deps: ServiceDeps, userId: string, chatId: string, before?: number) {
  await chatOf(deps.db, userId, chatId);
  const rows = await deps.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), before ? lt(chatMessages.seq, before) : undefined))
    .orderBy(desc(chatMessages.seq))
    .limit(LIMITS.chatMessage.pageSize);
  return rows.reverse().map(messageView);
}

/** Stores the message and, in the same transaction, the chat's last activity and the other side's unread count. */
export async function send(
  deps: ServiceDeps,
  userId: string,
  input: { chatId: string; id?: string; content: string; type: MessageRow['messageType'] },
): Promise<ChatMessage> {
  const { message, chat } = await deps.db.transaction(async (tx) => {
    const chat = await chatOf(tx, userId, input.chatId);
    // The other party's account is gone: the chat stays to read, but nobody answers.
    if (!chat.userId) throw new AppError('CHAT_READ_ONLY');
    await lockStreams(tx, chatTopic(chat.id));
    const [message] = await tx
      .insert(chatMessages)
      .values({
        id: input.id,
        chatId: chat.id,
        senderId: userId,
        content: input.content,
        messageType: input.type,
      })
      .onConflictDoNothing({ target: chatMessages.id })
      .returning();
    if (!message) return { message: await resentMessage(tx, userId, chat.id, input.id), chat: null };
    const toOwner = chat.ownerId !== userId;
    await tx
      .update(chats)
      .set({
        lastMessageAt: message.createdAt,
        ...(toOwner
          ? { unreadCountOwner: sql`${chats.unreadCountOwner} + 1` }
          : { unreadCountUser: sql`${chats.unreadCountUser} + 1` }),
      })
      .where(eq(chats.id, chat.id));
    return { message, chat };
  });
  if (chat) await announceChat(deps, chat);
  return messageView(message);
}

/** A retried send whose first attempt was stored: the stored message, counted once. */
async function resentMessage(tx: DbOrTx, userId: string, chatId: string, id: string | undefined) {
  const [stored] = id
    ? await tx
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.id, id), eq(chatMessages.chatId, chatId), eq(chatMessages.senderId, userId)),
        )
    : [];
  // Someone else's id: refuse without saying whose it is.
  if (!stored) throw new AppError('VALIDATION');
  return stored;
}

export async function markRead(deps: ServiceDeps, userId: string, chatId: string) {
  const chat = await chatOf(deps.db, userId, chatId);
  await deps.db
    .update(chats)
    .set(chat.ownerId === userId ? { unreadCountOwner: 0 } : { unreadCountUser: 0 })
    .where(eq(chats.id, chatId));
  await deps.bus.publish(chatListTopic(userId), null);
  return { ok: true as const };
}

/** Either party may delete the chat, with its messages. */
export async function removeChat(deps: ServiceDeps, userId: string, chatId: string) {
  const chat = await chatOf(deps.db, userId, chatId);
  await deps.db.delete(chats).where(eq(chats.id, chatId));
  await announceChat(deps, chat);
  return { id: chatId };
}

/** After the commit: the chat's subscribers and both parties' lists hear of the change. */
export async function announceChat(deps: ServiceDeps, chat: Pick<ChatRow, 'id' | 'ownerId' | 'userId'>) {
  await deps.bus.publish(chatTopic(chat.id), null);
  for (const party of [chat.ownerId, chat.userId])
    if (party) await deps.bus.publish(chatListTopic(party), null);
}

/** Messages of a chat after `afterSeq`, oldest first (for resumable subscriptions). */
export async function messagesAfter(deps: ServiceDeps, chatId: string, afterSeq: number, limit = 100) {
  const rows = await deps.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.seq, afterSeq)))
    .orderBy(chatMessages.seq)
    .limit(limit);
  return rows.map((row) => ({ seq: row.seq, item: messageView(row) }));
}

export async function latestMessageSeq(deps: ServiceDeps, chatId: string): Promise<number> {
  const [row] = await deps.db
    .select({ seq: sql<number | null>`max(${chatMessages.seq})` })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId));
  return Number(row?.seq ?? 0);
}

/** The list with a digest of its contents: the event id of `chats.onChange`, equal exactly when nothing changed. */
export async function listVersion(deps: ServiceDeps, userId: string) {
  const list = await listChats(deps, userId);
  const version = createHash('sha256').update(JSON.stringify(list)).digest('hex').slice(0, 32);
  return { list, version };
}
