import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../src/errors';
import { LIMITS } from '../../src/limits';
import type { DbOrTx } from '../db/client';
import { chatMessages, eventMessages, notifications, users } from '../db/schema';

/** Anti-spam caps (LIMITS.antiSpam, issue 18): counted in the database, per rolling day. */

const DAY_MS = 86_400_000;

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
 * Before a message: in a chat where the other side has not written yet, at most so many of my messages a day
 * in such chats together; and a longer text I already sent into several other chats today is refused.
 */
export async function checkMessage(db: DbOrTx, userId: string, chatId: string, content: string) {
  const since = new Date(Date.now() - DAY_MS);
  const [answered] = await db
    .select({ one: sql`1` })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), ne(chatMessages.senderId, userId)))
    .limit(1);
  if (!answered) {
    const max = (await isNewAccount(db, userId))
      ? LIMITS.antiSpam.unansweredMessagesPerDayNew
      : LIMITS.antiSpam.unansweredMessagesPerDay;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.senderId, userId),
          gt(chatMessages.createdAt, since),
          sql`not exists (select 1 from ${chatMessages} other
            where other.chat_id = ${chatMessages.chatId} and other.sender_id <> ${userId})`,
        ),
      );
    if ((row?.n ?? 0) >= max) throw new AppError('DAILY_LIMIT', { max });
  }
  await checkDuplicate(db, userId, content, { chatId });
}

/**
 * A text of LIMITS.antiSpam.duplicateMinLength or more characters that I already sent today into
 * LIMITS.antiSpam.duplicateChats other conversations (pair chats and event chats together) is refused.
 */
export async function checkDuplicate(
  db: DbOrTx,
  userId: string,
  content: string,
  here: { chatId?: string; eventId?: string },
) {
  if (content.length < LIMITS.antiSpam.duplicateMinLength) return;
  const since = new Date(Date.now() - DAY_MS);
  const sent = (table: typeof chatMessages | typeof eventMessages, conversation: SQL) =>
    db
      .selectDistinct({ conversation })
      .from(table)
      .where(and(eq(table.senderId, userId), gt(table.createdAt, since), eq(table.content, content)));
  const elsewhere = await sent(chatMessages, sql`${chatMessages.chatId}`).union(
    sent(eventMessages, sql`${eventMessages.eventId}`),
  );
  const others = elsewhere.filter(
    (row) => row.conversation !== here.chatId && row.conversation !== here.eventId,
  );
  if (others.length >= LIMITS.antiSpam.duplicateChats) throw new AppError('DUPLICATE_MESSAGE');
}
