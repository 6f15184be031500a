import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import { messageFingerprint } from '#shared/domain/message-fingerprint';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import { lockKeys } from '../../db/advisory-lock';
import type { DbOrTx, Tx } from '../../db/client';
import { chatMessages, eventMessages, notifications, users } from '../../db/schema';

/**
 * Anti-spam caps (LIMITS.antiSpam, issues 18 and 28), counted in the database. A message's caps are checked
 * under its sender's lock (lockSender) in the transaction that stores it, so parallel sends pass none.
 */

const DAY_MS = 86_400_000;

/**
 * The sender's anti-spam lock, held until commit, across pair and event chats (the duplicate rule spans
 * both). It is the first lock its transaction takes, before request streams, a chat's row or an event
 * chat's stream: whoever waits for it holds no other lock, so it can close no circle of waits.
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

/** A retry stores nothing new (its id is taken), so no cap refuses it and it is not counted twice. */
async function isStored(tx: Tx, table: typeof chatMessages | typeof eventMessages, id: string | undefined) {
  if (!id) return false;
  const [row] = await tx
    .select({ one: sql`1` })
    .from(table)
    .where(eq(table.id, id));
  return !!row;
}

/**
 * Before a pair-chat message, hearts included (under lockSender): in a chat where the other side has not
 * written yet, at most so many of my messages a day in such chats together; and the duplicate rule.
 */
export async function checkMessage(tx: Tx, userId: string, message: Message & { chatId: string }) {
  if (await isStored(tx, chatMessages, message.id)) return;
  const [answered] = await tx
    .select({ one: sql`1` })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, message.chatId), ne(chatMessages.senderId, userId)))
    .limit(1);
  if (!answered) {
    const max = (await isNewAccount(tx, userId))
      ? LIMITS.antiSpam.unansweredMessagesPerDayNew
      : LIMITS.antiSpam.unansweredMessagesPerDay;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.senderId, userId),
          gt(chatMessages.createdAt, new Date(Date.now() - DAY_MS)),
          sql`not exists (select 1 from ${chatMessages} other
            where other.chat_id = ${chatMessages.chatId} and other.sender_id <> ${userId})`,
        ),
      );
    if ((row?.n ?? 0) >= max) throw new AppError('DAILY_LIMIT', { max });
  }
  await checkDuplicate(tx, userId, message.content, { chatId: message.chatId });
}

/**
 * Before an event-chat message (under lockSender): the sender's rate over all event chats, and the duplicate
 * rule. Everyone counts, the organiser too: an event's chat has no announcements of its own.
 */
export async function checkEventMessage(tx: Tx, userId: string, message: Message & { eventId: string }) {
  if (await isStored(tx, eventMessages, message.id)) return;
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
      .select({ at: eventMessages.createdAt })
      .from(eventMessages)
      .where(and(eq(eventMessages.senderId, userId), gt(eventMessages.createdAt, new Date(now - ms))))
      .orderBy(desc(eventMessages.createdAt))
      .offset(max - 1)
      .limit(1);
    if (nth) waits.push(nth.at.getTime() + ms - now);
  }
  if (waits.length)
    throw new AppError('TOO_MANY_MESSAGES', { seconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) });
  await checkDuplicate(tx, userId, message.content, { eventId: message.eventId });
}

/**
 * A text (compared by fingerprintOf) that I already sent today into LIMITS.antiSpam.duplicateChats other
 * conversations (pair chats and event chats together) is refused.
 */
async function checkDuplicate(
  tx: Tx,
  userId: string,
  content: string,
  here: { chatId?: string; eventId?: string },
) {
  const fingerprint = fingerprintOf(content);
  if (!fingerprint) return;
  const since = new Date(Date.now() - DAY_MS);
  const sent = (table: typeof chatMessages | typeof eventMessages, conversation: SQL) =>
    tx
      .selectDistinct({ conversation })
      .from(table)
      .where(and(eq(table.senderId, userId), gt(table.createdAt, since), eq(table.fingerprint, fingerprint)));
  const elsewhere = await sent(chatMessages, sql`${chatMessages.chatId}`).union(
    sent(eventMessages, sql`${eventMessages.eventId}`),
  );
  const others = elsewhere.filter(
    (row) => row.conversation !== here.chatId && row.conversation !== here.eventId,
  );
  if (others.length >= LIMITS.antiSpam.duplicateChats) throw new AppError('DUPLICATE_MESSAGE');
}
