import { createHash } from 'node:crypto';
import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import { daysBefore } from '#shared/domain/days';
import { messageFingerprint } from '#shared/domain/message-fingerprint';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import { lockKeys } from '../../db/advisory-lock';
import type { DbOrTx, Tx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { isNewAccount, isNewAccountColumn } from '../account/new-account';
import { MESSAGE_TABLES, type MessageTable } from './message-tables';

/**
 * Anti-spam caps (LIMITS.antiSpam, issues 18 and 28), counted in the database. A message's caps are checked
 * under its sender's lock (lockSender) in the transaction that stores it, so parallel sends pass none.
 */

/**
 * The sender's anti-spam lock, held until commit, across conversations of every kind (the duplicate rule
 * spans them all). It is the first lock its transaction takes, before request streams, a chat's row or an
 * event chat's stream: whoever waits for it holds no other lock, so it can close no circle of waits.
 */
export const lockSender = (tx: Tx, userId: string) => lockKeys(tx, [`anti-spam:${userId}`]);

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
        gt(notifications.createdAt, daysBefore(Date.now(), 1)),
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

/** What a cap reads: SQL expressions that become columns of the sender's one read (checkMessage). */
type Reads = Record<string, SQL<number | boolean | null>>;

/**
 * A conversation kind's own cap (conversation.ts: ConversationKind.cap): what it counts, read with the
 * other facts of checkMessage in one statement, and the refusal those counts call for (none: within it).
 */
export interface CapRule<R extends Reads = Reads> {
  reads(userId: string, messages: MessageTable, conversationId: string, now: number): R;
  refuse(
    facts: { [K in keyof R]: R[K] extends SQL<infer T> ? T : never },
    newAccount: boolean,
    now: number,
  ): AppError | undefined;
}
const capRule = <R extends Reads>(rule: CapRule<R>) => rule as unknown as CapRule;

/**
 * Before a message (under lockSender): the kind's own cap, then the duplicate rule. A retry stores nothing
 * new (its id is taken), so no cap refuses it and it is not counted twice. Everything the rules decide on is
 * one statement: sent right behind the sender's lock (conversation.ts), it costs no round trip of its own.
 * Whether the message is stored already, and the refusal if one applies (thrown by checkMessage; a send
 * first learns whether the sender may write in the conversation at all).
 */
export async function messageVerdict(
  tx: Tx,
  userId: string,
  kind: { messages: MessageTable; cap: CapRule },
  conversationId: string,
  message: Message,
): Promise<{ stored: boolean; refusal?: AppError | undefined }> {
  const now = Date.now();
  const { messages } = kind;
  const fingerprint = fingerprintOf(message.content);
  const [facts] = await tx
    .select({
      newAccount: isNewAccountColumn(now),
      stored: message.id
        ? sql<boolean>`exists (select 1 from ${messages.table} where ${eq(messages.id, message.id)})`
        : sql<boolean>`false`,
      elsewhere: fingerprint
        ? sql<number>`(select count(*)::int from (${sameTextElsewhere(userId, fingerprint, now)}) as sent
            where sent.conversation <> ${conversationId})`
        : sql<number>`0`,
      ...kind.cap.reads(userId, messages, conversationId, now),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!facts) throw new AppError('NOT_FOUND');
  if (facts.stored) return { stored: true };
  const refusal =
    kind.cap.refuse(facts, facts.newAccount, now) ??
    (facts.elsewhere >= LIMITS.antiSpam.duplicateChats ? new AppError('DUPLICATE_MESSAGE') : undefined);
  return { stored: false, refusal };
}

/** messageVerdict, its refusal thrown. */
export async function checkMessage(...args: Parameters<typeof messageVerdict>) {
  const { refusal } = await messageVerdict(...args);
  if (refusal) throw refusal;
}

/**
 * The conversations (of every kind together: MESSAGE_TABLES) into which I sent a text with this fingerprint
 * (fingerprintOf) today: the duplicate rule refuses it in a further one past LIMITS.antiSpam.duplicateChats.
 */
function sameTextElsewhere(userId: string, fingerprint: string, now: number) {
  const since = daysBefore(now, 1);
  return sql.join(
    MESSAGE_TABLES.map(
      (messages) => sql`select ${messages.conversationId} as conversation from ${messages.table}
        where ${and(eq(messages.senderId, userId), gt(messages.createdAt, since), eq(messages.fingerprint, fingerprint))}`,
    ),
    sql` union `,
  );
}

/**
 * The pair chats' cap, hearts included: in a conversation where the other side has not written yet, at most
 * so many of my messages a day in such conversations together.
 */
export const unansweredCap = capRule({
  reads: (userId, messages, conversationId, now) => {
    const answered = sql`exists (select 1 from ${messages.table}
      where ${and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId))})`;
    return {
      answered: sql<boolean>`${answered}`,
      // Counted only where it counts (a case's branch runs only when taken): a busy sender's day of
      // messages is not read for every message in an answered chat.
      unanswered: sql<number>`case when ${answered} then 0 else (select count(*)::int from ${messages.table}
        where ${and(
          eq(messages.senderId, userId),
          gt(messages.createdAt, daysBefore(now, 1)),
          sql`not exists (select 1 from ${messages.table} other
            where other.${sql.identifier(messages.conversationId.name)} = ${messages.conversationId}
            and other.${sql.identifier(messages.senderId.name)} <> ${userId})`,
        )}) end`,
    };
  },
  refuse({ answered, unanswered }, newAccount) {
    if (answered) return;
    const max = newAccount
      ? LIMITS.antiSpam.unansweredMessagesPerDayNew
      : LIMITS.antiSpam.unansweredMessagesPerDay;
    if (unanswered >= max) return new AppError('DAILY_LIMIT', { max });
  },
});

/** The sending-rate windows of the event chats, with their caps for new and other accounts. */
const RATE_WINDOWS = [
  {
    ms: 60_000,
    max: LIMITS.antiSpam.eventMessagesPerMinute,
    maxNew: LIMITS.antiSpam.eventMessagesPerMinuteNew,
  },
  {
    ms: 3_600_000,
    max: LIMITS.antiSpam.eventMessagesPerHour,
    maxNew: LIMITS.antiSpam.eventMessagesPerHourNew,
  },
];

/**
 * The event chats' cap: the sender's rate over all conversations of the kind. Everyone counts, the organiser
 * too: an event's chat has no announcements of its own. A window is full while its max-th newest message
 * (read for both caps: the account's age is read in the same statement) is in it; then a slot is free.
 */
export const sendingRate = capRule({
  reads: (userId, messages, _conversationId, now) =>
    Object.fromEntries(
      RATE_WINDOWS.flatMap(({ ms, max, maxNew }, i) =>
        [max, maxNew].map((cap, j) => [
          `window${i}${j ? 'New' : ''}`,
          sql<number | null>`(select extract(epoch from ${messages.createdAt}) * 1000 from ${messages.table}
            where ${and(eq(messages.senderId, userId), gt(messages.createdAt, new Date(now - ms)))}
            order by ${messages.createdAt} desc offset ${cap - 1} limit 1)`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
        ]),
      ),
    ),
  refuse(facts, newAccount, now) {
    const waits = RATE_WINDOWS.flatMap(({ ms }, i) => {
      const nth = facts[`window${i}${newAccount ? 'New' : ''}`];
      return typeof nth === 'number' ? [nth + ms - now] : [];
    });
    if (waits.length)
      return new AppError('TOO_MANY_MESSAGES', {
        seconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)),
      });
  },
});
