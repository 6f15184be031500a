import { createHash } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { Photo } from '#shared/schemas/uploads';
import type { DbOrTx, Tx } from '../../db/client';
import { transact } from '../../db/transact';
import { crashPoint } from '../../crash-points';
import { chatMessages, chats, dogProfiles, profiles } from '../../db/schema';
import { BACKFILL_BATCH } from '../../realtime/backfill';
import type { ServiceDeps } from '../deps';
import { photoOf } from '../uploads';
import { checkMessage, fingerprintOf, lockSender } from './anti-spam';
import { chatListedFor, chatSeenBy, chatSeenBySql } from '../safety/visibility';

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
  /** The other party's dog (SPEC: opposing dog); null once it is gone and the chat stays (DECISIONS 5). */
  dog: { id: string; name: string; breed: string; photo: Photo | null } | null;
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
        sql`case when ${chats.ownerId} = ${userId} then ${chats.otherDogId} else ${chats.dogId} end`,
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

interface SentRow extends Record<string, unknown> {
  owner_id: string;
  user_id: string | null;
  id: string | null;
  seq: string | number | null;
  created_at: Date | string | null;
}

/**
 * Stores a message from `senderId` and, with it, the chat's last activity and the other party's unread count
 * (and brings a hidden chat back to both lists):
 * the one place a message is written (a sent message, a like's heart; the caller checks its caps in the same
 * transaction: checkMessage). One statement instead of five round trips: sending is the hot path of a chat.
 * The chat's row lock is taken first, so its messages commit in `seq` order (see chatOf). Nothing is stored
 * where the sender is not a party (no row) or the other party is gone (`user_id` null); a repeated `id` is
 * not stored twice (`id` null).
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
): Promise<SentRow | undefined> {
  const result = await db.execute<SentRow>(sql`
    with chat as (
      select ${chats.id}, ${chats.ownerId}, ${chats.userId} from ${chats}
      where ${chats.id} = ${message.chatId} and ${chatSeenBySql(senderId)}
      for update
    ), message as (
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

export async function send(
  deps: ServiceDeps,
  userId: string,
  input: { chatId: string; id?: string; content: string; type: MessageRow['messageType'] },
): Promise<ChatMessage> {
  const row = await transact(deps.db, async (tx) => {
    await lockSender(tx, userId);
    // Hearts too: the unanswered cap counts them (their fixed text has no letters for the duplicate rule).
    await checkMessage(tx, userId, input);
    const row = await appendMessage(tx, userId, {
      chatId: input.chatId,
      id: input.id,
      content: input.content,
      messageType: input.type,
    });
    // Announced and its push queued as part of the write: a crash after the commit loses neither, and a
    // retry (the same id, nothing new stored) announces nothing twice.
    if (row?.id && row.user_id) {
      await announceChat(deps, { id: input.chatId, ownerId: row.owner_id, userId: row.user_id }, tx);
      await deps.notify.message(input.chatId, row.owner_id === userId ? row.user_id : row.owner_id, tx);
    }
    return row;
  });
  crashPoint('chat-send:committed');
  if (!row) throw new AppError('NOT_FOUND');
  // The other party's account is gone: the chat stays to read, but nobody answers.
  if (!row.user_id) throw new AppError('CHAT_READ_ONLY');
  if (!row.id) return messageView(await resentMessage(deps.db, userId, input.chatId, input.id));
  return {
    id: row.id,
    seq: Number(row.seq),
    chatId: input.chatId,
    senderId: userId,
    content: input.content,
    messageType: input.type,
    createdAt: new Date(row.created_at!),
  };
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
  const parties = [chat.ownerId, chat.userId].filter((party): party is string => !!party);
  const topics = [chatTopic(chat.id), ...parties.map(chatListTopic)];
  await (tx ? deps.bus.publishIn(tx, topics, null) : deps.bus.publish(topics, null));
}

type Changes = Array<{ seq: number; item: ChatMessage }>;

/** Built once per database: the live read runs for every message, for every subscriber. */
const newMessagesQuery = (db: ServiceDeps['db']) =>
  db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, sql.placeholder('chatId')),
        gt(chatMessages.seq, sql.placeholder('afterSeq')),
      ),
    )
    .orderBy(chatMessages.seq)
    .limit(BACKFILL_BATCH)
    .prepare('chat_messages_after');
const prepared = new WeakMap<object, ReturnType<typeof newMessagesQuery>>();
/** Reads in flight, per database (see messagesAfter). */
const reading = new WeakMap<object, Map<string, Promise<Changes>>>();

/**
 * Messages of a chat after `afterSeq`, oldest first (for resumable subscriptions). Both parties'
 * subscriptions wake on the same notice and ask the same question, so one read answers both, but only
 * callers that have heard no notice since it started: it sees every commit they have heard of.
 */
export function messagesAfter(deps: ServiceDeps, chatId: string, afterSeq: number): Promise<Changes> {
  let reads = reading.get(deps.db);
  if (!reads) reading.set(deps.db, (reads = new Map()));
  const key = `${chatId}:${afterSeq}:${deps.bus.heard()}`;
  const shared = reads.get(key);
  if (shared) return shared;
  let query = prepared.get(deps.db);
  if (!query) prepared.set(deps.db, (query = newMessagesQuery(deps.db)));
  const read = query
    .execute({ chatId, afterSeq })
    .then((rows) => rows.map((row) => ({ seq: row.seq, item: messageView(row) })))
    .finally(() => reads.delete(key));
  reads.set(key, read);
  return read;
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
