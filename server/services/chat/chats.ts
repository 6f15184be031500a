import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { ChatMessage, ChatSummary } from '#shared/schemas/chats';
import type { DbOrTx, Tx } from '../../db/client';
import { chatMessages, chats, dogProfiles, profiles } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { photoOf } from '../uploads';
import { fingerprintOf, unansweredCap } from './anti-spam';
import { defineConversation, type Outgoing } from './conversation';
import { pairChatMessages } from './message-tables';
import { chatListedFor, chatSeenBy, chatSeenBySql } from '../safety/visibility';

type ChatRow = typeof chats.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Each party hears their chats' changes here; a chat's messages on its own topic. */
export const chatListTopic = (userId: string) => `chats:${userId}`;
export const chatTopic = (chatId: string) => `chat:${chatId}`;

/** A chat's stored name: its dog and the dog's owner ("Aro (Mešanec) · Ana Novak"). */
export const chatNameOf = (dog: { name: string; breed: string }, ownerName: string | null | undefined) =>
  `${dog.name} (${dog.breed}) · ${ownerName ?? ''}`.trim();

const messageView = (row: MessageRow): ChatMessage => ({
  id: row.id,
  seq: row.seq,
  chatId: row.chatId,
  senderId: row.senderId,
  content: row.content,
  messageType: row.messageType,
  createdAt: row.createdAt,
});

/**
 * The chat if `userId` is one of its two parties; anyone else learns nothing (NOT_FOUND). `lock` takes the
 * row lock, which is the chat's stream lock (see realtime/stream-lock.ts): every writer of its messages
 * holds it until commit, so messages commit in `seq` order.
 */
export async function chatOf(db: DbOrTx, userId: string, chatId: string, lock?: 'lock'): Promise<ChatRow> {
  const query = db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), chatSeenBy(userId)));
  const [chat] = lock ? await query.for('update') : await query;
  if (!chat) throw new AppError('NOT_FOUND');
  return chat;
}

const counterpartProfile = alias(profiles, 'counterpart');
const lastMessage = alias(chatMessages, 'last_message');

export async function listChats(deps: ServiceDeps, userId: string): Promise<ChatSummary[]> {
  const rows = await deps.db
    .select({ chat: chats, dog: dogProfiles, counterpart: counterpartProfile, last: lastMessage })
    .from(chats)
    .leftJoin(
      dogProfiles,
      eq(
        dogProfiles.id,
        sql`case when ${chats.lostAlertId} is null and ${chats.ownerId} = ${userId} then ${chats.otherDogId}
          else ${chats.dogId} end`,
      ),
    )
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
    .where(chatListedFor(userId))
    .orderBy(desc(chats.lastMessageAt));
  return rows.map(({ chat, dog, counterpart, last }) => {
    const iAmOwner = chat.ownerId === userId;
    return {
      id: chat.id,
      chatName: chat.chatName,
      iAmOwner,
      lostAlertId: chat.lostAlertId,
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
      dog: dog && {
        id: dog.id,
        name: dog.name,
        breed: dog.breed,
        photo: dog.photos[0] ? photoOf(deps.storage, dog.photos[0]) : null,
      },
    };
  });
}

interface SentRow extends Record<string, unknown> {
  owner_id: string;
  user_id: string | null;
  id: string | null;
  seq: string | number | null;
  created_at: Date | string | null;
}

/** A chat's two parties, as a send that holds its row lock knows them (pairChat's open). */
type Parties = Pick<ChatRow, 'id' | 'ownerId' | 'userId'>;

/**
 * Stores a message from `senderId` and, with it, the chat's last activity and the other party's unread count
 * (and brings a hidden chat back to both lists):
 * the one place a message is written (pairChat's append, a like's heart; the caller checks its caps in the
 * same transaction: checkMessage). One statement instead of five round trips: sending is the hot path of a
 * chat.
 * The chat's row lock is taken first, so its messages commit in `seq` order (see chatOf), unless the caller
 * holds it already and passes the `parties` it read. Nothing is stored where the sender is not a party (no
 * row) or the other party is gone (`user_id` null); a repeated `id` is not stored twice (`id` null).
 */
export async function appendMessage(
  db: DbOrTx,
  senderId: string,
  message: {
    chatId: string;
    id?: string | undefined;
    content: string;
    messageType: MessageRow['messageType'];
  },
  parties?: Parties,
): Promise<SentRow | undefined> {
  const chat = parties
    ? sql`select ${parties.id}::uuid as id, ${parties.ownerId}::uuid as owner_id,
        ${parties.userId}::uuid as user_id`
    : sql`select ${chats.id}, ${chats.ownerId}, ${chats.userId} from ${chats}
        where ${chats.id} = ${message.chatId} and ${chatSeenBySql(senderId)}
        for update`;
  const result = await db.execute<SentRow>(sql`
    with chat as (${chat}), message as (
      insert into ${chatMessages} (id, chat_id, sender_id, content, message_type, fingerprint)
      select coalesce(${message.id ?? null}::uuid, gen_random_uuid()), chat.id, ${senderId},
        ${message.content}, ${message.messageType}, ${fingerprintOf(message.content)}
      from chat where chat.user_id is not null
      on conflict (id) do nothing
      returning id, seq, created_at
    ), touched as (
      update ${chats} set
        last_message_at = message.created_at,
        hidden_by_owner = false,
        hidden_by_user = false,
        unread_count_owner = unread_count_owner + (chat.owner_id <> ${senderId})::int,
        unread_count_user = unread_count_user + (chat.owner_id = ${senderId})::int
      from message, chat where ${chats.id} = chat.id
    )
    select chat.owner_id, chat.user_id, message.id, message.seq, message.created_at
    from chat left join message on true`);
  return (Array.isArray(result) ? (result as SentRow[]) : (result as { rows: SentRow[] }).rows)[0];
}

/** Hides the chat from my list only, until its next message (either party's). */
export async function hideChat(deps: ServiceDeps, userId: string, chatId: string) {
  const chat = await chatOf(deps.db, userId, chatId);
  await deps.db
    .update(chats)
    .set(chat.ownerId === userId ? { hiddenByOwner: true } : { hiddenByUser: true })
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

/**
 * The chat's subscribers and both parties' lists hear of the change: after the commit, or as part of `tx`
 * (see Bus.publishIn).
 */
export async function announceChat(
  deps: ServiceDeps,
  chat: Pick<ChatRow, 'id' | 'ownerId' | 'userId'>,
  tx?: Tx,
) {
  const topics = chatTopics(chat);
  await (tx ? deps.bus.publishIn(tx, topics, null) : deps.bus.publish(topics, null));
}

/** The chat's own topic and both parties' lists. */
function chatTopics(chat: Pick<ChatRow, 'id' | 'ownerId' | 'userId'>) {
  const parties = [chat.ownerId, chat.userId].filter((party): party is string => !!party);
  return [chatTopic(chat.id), ...parties.map(chatListTopic)];
}

/**
 * The pair chat as a conversation (conversation.ts): its two parties are its members (chatOf; visibility.ts:
 * chatSeenBy), the chat's row is its stream lock and keeps both read markers (the unread counts), and the
 * other party hears of a message away from the app.
 */
export const pairChat = defineConversation({
  name: 'chat',
  committed: 'chat-send:committed',
  messages: pairChatMessages,
  pageSize: LIMITS.chatMessage.pageSize,
  topic: chatTopic,
  member: (db: DbOrTx, userId: string, chatId: string) => chatOf(db, userId, chatId),
  select: (db, _viewer, which, order, limit) =>
    db.select().from(chatMessages).where(which).orderBy(order).limit(limit),
  view: (_deps, row: MessageRow) => messageView(row),
  sameForEveryReader: true,
  // Hearts too: the unanswered cap counts them (their fixed text has no letters for the duplicate rule).
  cap: unansweredCap,
  async open(tx, senderId, chatId) {
    // The chat's row lock is its stream lock (see chatOf).
    const chat = await chatOf(tx, senderId, chatId, 'lock');
    // The other party's account is gone: the chat stays to read, but nobody answers.
    if (!chat.userId) throw new AppError('CHAT_READ_ONLY');
    const { id, ownerId, userId } = chat;
    return { id, ownerId, userId, recipients: [ownerId === senderId ? userId : ownerId] };
  },
  async append(tx, senderId, chatId, message: Outgoing & { type: MessageRow['messageType'] }, parties) {
    const row = await appendMessage(
      tx,
      senderId,
      { chatId, id: message.id, content: message.content, messageType: message.type },
      parties,
    );
    if (!row?.id) return null;
    return { id: row.id, seq: Number(row.seq), createdAt: new Date(row.created_at!) };
  },
  announced: (chatId, chat) => chatTopics(chat),
  push: (notify, chatId, [recipient], tx) => notify.message(chatId, recipient!, tx),
  sentView: (_deps, senderId, chatId, { stored, message }) => ({
    id: stored.id,
    seq: stored.seq,
    chatId,
    senderId,
    content: message.content,
    messageType: message.type,
    createdAt: stored.createdAt,
  }),
  markers: {
    // The unread counts live on the chat's row (appendMessage raises the other party's): all read, no
    // position.
    async read(deps, userId, chat: ChatRow, _everything: void) {
      await deps.db
        .update(chats)
        .set(chat.ownerId === userId ? { unreadCountOwner: 0 } : { unreadCountUser: 0 })
        .where(eq(chats.id, chat.id));
      await deps.bus.publish(chatListTopic(userId), null);
    },
  },
});

/** The list with a digest of its contents: the event id of `chats.onChange`, equal exactly when nothing changed. */
export async function listVersion(deps: ServiceDeps, userId: string) {
  const list = await listChats(deps, userId);
  const version = createHash('sha256').update(JSON.stringify(list)).digest('hex').slice(0, 32);
  return { list, version };
}
