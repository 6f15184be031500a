import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { messageFingerprint } from '#shared/domain/message-fingerprint';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import { lockKeys } from '../../db/advisory-lock';
import type { DbOrTx, Tx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { MESSAGE_TABLES, type MessageTable } from './message-tables';

/**
 * Anti-spam caps (LIMITS.antiSpam, issues 18 and 28), counted in the database. A message's caps are checked
 * under its sender's lock (lockSender) in the transaction that stores it, so parallel sends pass none.
 */

const DAY_MS = 86_400_000;

/**
 * The sender's anti-spam lock, held until commit, across conversations of every kind (the duplicate rule
 * spans them all). It is the first lock its transaction takes, before request streams, a chat's row or an
 * event chat's stream: whoever waits for it holds no other lock, so it can close no circle of waits.
 */
export const lockSender = (tx: Tx, userId: string) => lockKeys(tx, [`anti-spam:${userId}`]);

/** Whether the account is younger than LIMITS.antiSpam.newAccountDays (lower caps). */
async function isNewAccount(db: DbOrTx, userId: string) {
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return !user || Date.now() - user.createdAt.getTime() < LIMITS.antiSpam.newAccountDays * DAY_MS;
}

/** Before a like becomes a new request: at most so many a day. */
export async function checkNewRequest(db: DbOrTx, userId: string) {
  const max = (await isNewAccount(db, userId))
    ? LIMITS.antiSpam.requestsPerDayNew
    : LIMITS.antiSpam.requestsPerDay;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.notificationType, 'request'),
        gt(notifications.createdAt, new Date(Date.now() - DAY_MS)),
      ),
    );
  if ((row?.n ?? 0) >= max) throw new AppError('DAILY_LIMIT', { max });
}

/**
 * What a message stores for the duplicate rule: a digest of its normalised text (the column stays small),
 * or null where the rule does not apply, below LIMITS.antiSpam.duplicateMinLength letters and digits.
 */
export function fingerprintOf(content: string): string | null {
  const normalised = messageFingerprint(content);
  if (normalised.length < LIMITS.antiSpam.duplicateMinLength) return null;
  return createHash('sha256').update(normalised).digest('base64url');
}

interface Message {
  /** The client's id, which a retried send repeats. */
  id?: string | undefined;
  content: string;
}

/** A conversation kind's own cap (conversation.ts: ConversationKind.cap), checked under lockSender. */
export type CapRule = (
  tx: Tx,
  userId: string,
  messages: MessageTable,
  conversationId: string,
) => Promise<void>;

/**
 * Before a message (under lockSender): the kind's own cap, then the duplicate rule. A retry stores nothing
 * new (its id is taken), so no cap refuses it and it is not counted twice.
 */
export async function checkMessage(
  tx: Tx,
  userId: string,
  kind: { messages: MessageTable; cap: CapRule },
  conversationId: string,
  message: Message,
) {
  if (await isStored(tx, kind.messages, message.id)) return;
  await kind.cap(tx, userId, kind.messages, conversationId);
  await checkDuplicate(tx, userId, message.content, conversationId);
}

async function isStored(tx: Tx, messages: MessageTable, id: string | undefined) {
  if (!id) return false;
  const [row] = await tx
    .select({ one: sql`1` })
    .from(messages.table)
    .where(eq(messages.id, id));
  return !!row;
}

/**
 * The pair chats' cap, hearts included: in a conversation where the other side has not written yet, at most
 * so many of my messages a day in such conversations together.
 */
export const unansweredCap: CapRule = async (tx, userId, messages, conversationId) => {
  const [answered] = await tx
    .select({ one: sql`1` })
    .from(messages.table)
    .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId)))
    .limit(1);
  if (answered) return;
  const max = (await isNewAccount(tx, userId))
    ? LIMITS.antiSpam.unansweredMessagesPerDayNew
    : LIMITS.antiSpam.unansweredMessagesPerDay;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages.table)
    .where(
      and(
        eq(messages.senderId, userId),
        gt(messages.createdAt, new Date(Date.now() - DAY_MS)),
        sql`not exists (select 1 from ${messages.table} other
          where other.${sql.identifier(messages.conversationId.name)} = ${messages.conversationId}
          and other.${sql.identifier(messages.senderId.name)} <> ${userId})`,
      ),
    );
  if ((row?.n ?? 0) >= max) throw new AppError('DAILY_LIMIT', { max });
};

/**
 * The event chats' cap: the sender's rate over all conversations of the kind. Everyone counts, the organiser
 * too: an event's chat has no announcements of its own.
 */
export const sendingRate: CapRule = async (tx, userId, messages) => {
  const isNew = await isNewAccount(tx, userId);
  const { antiSpam } = LIMITS;
  const windows = [
    { ms: 60_000, max: isNew ? antiSpam.eventMessagesPerMinuteNew : antiSpam.eventMessagesPerMinute },
    { ms: 3_600_000, max: isNew ? antiSpam.eventMessagesPerHourNew : antiSpam.eventMessagesPerHour },
  ];
  const now = Date.now();
  const waits: number[] = [];
  for (const { ms, max } of windows) {
    // The max-th newest message in the window: while it is in it, so are `max` messages; then a slot is free.
    const [nth] = await tx
      .select({ at: messages.createdAt })
      .from(messages.table)
      .where(and(eq(messages.senderId, userId), gt(messages.createdAt, new Date(now - ms))))
      .orderBy(desc(messages.createdAt))
      .offset(max - 1)
      .limit(1);
    if (nth) waits.push(nth.at.getTime() + ms - now);
  }
  if (waits.length)
    throw new AppError('TOO_MANY_MESSAGES', { seconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) });
};

/**
 * A text (compared by fingerprintOf) that I already sent today into LIMITS.antiSpam.duplicateChats other
 * conversations (of every kind together: MESSAGE_TABLES) is refused.
 */
async function checkDuplicate(tx: Tx, userId: string, content: string, conversationId: string) {
  const fingerprint = fingerprintOf(content);
  if (!fingerprint) return;
  const since = new Date(Date.now() - DAY_MS);
  const [first, second, ...rest] = MESSAGE_TABLES.map((messages) =>
    tx
      .selectDistinct({ conversation: messages.conversationId })
      .from(messages.table)
      .where(
        and(
          eq(messages.senderId, userId),
          gt(messages.createdAt, since),
          eq(messages.fingerprint, fingerprint),
        ),
      ),
  );
  const elsewhere = await union(first!, second!, ...rest);
  const others = elsewhere.filter((row) => row.conversation !== conversationId);
  if (others.length >= LIMITS.antiSpam.duplicateChats) throw new AppError('DUPLICATE_MESSAGE');
}
