import { and, asc, desc, eq, gt, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { transact } from '../../db/transact';
import { crashPoint } from '../../crash-points';
import { BACKFILL_BATCH, backfilled } from '../../realtime/backfill';
import { type SubscriberContext, whileSignedInStream } from '../../realtime/sessions';
import type { Notifier } from '../delivery/notify';
import type { ServiceDeps } from '../deps';
import { type CapRule, checkMessage, lockSender } from './anti-spam';
import type { MessageTable } from './message-tables';

/**
 * One conversation, whatever its kind (issue 31): a pair chat (chats.ts: pairChat) and an event's chat
 * (event-chat.ts: eventChat) send, page, stream, mark read and push through the code here. A kind says only
 * what differs: who is in it (its membership rule), its tables (messages, the conversation's row, its read
 * markers), who hears of a message away from the app, and its anti-spam cap.
 */

/** A message as the sender hands it in; a kind may take more (a pair chat's message type). */
export interface Outgoing {
  /** The client's id, so that a retried send is stored once. */
  id?: string | undefined;
  content: string;
}

/** A kind's read of its messages, awaited or prepared once (its rows still to be viewed). */
export interface MessageQuery<Row> extends PromiseLike<Row[]> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
}

/** A stored message, as the append returns it: what the send's announce, markers and pushes need. */
interface Appended {
  id: string;
  seq: number;
}

export interface ConversationKind<
  Conv extends { id: string },
  Row,
  Message extends { id: string; seq: number },
  Fields,
  Stored extends Appended,
  ReadAt,
> {
  /** Names its prepared read (a SQL identifier). */
  name: string;
  /** The crash point right after a send commits (server/crash-points.ts; delivery-faults.test.ts). */
  committed: string;
  messages: MessageTable;
  pageSize: number;
  /** Where its subscribers hear of a new message. */
  topic(conversationId: string): string;

  /** The membership rule: the conversation if `userId` is in it; anyone else learns nothing (NOT_FOUND). */
  member(db: DbOrTx, userId: string, conversationId: string): Promise<Conv>;
  /** What writing needs beyond `append`'s own check, before the send's transaction (e.g. not started yet). */
  writable?(db: DbOrTx, userId: string, conversationId: string): Promise<void>;
  /**
   * The messages `viewer` may see where `which` holds, in `order`, at most `limit`. `viewer` may be a
   * placeholder (the read of new messages is prepared once).
   */
  select(
    db: Db,
    viewer: string | Placeholder,
    which: SQL | undefined,
    order: SQL,
    limit: number,
  ): MessageQuery<Row>;
  view(deps: ServiceDeps, row: Row): Message;
  /** Every member sees every message (no per-reader filter): one read of new messages serves them all. */
  sameForEveryReader: boolean;

  /** The kind's anti-spam cap (anti-spam.ts); the duplicate rule applies to every kind. */
  cap: CapRule;
  /**
   * Stores the message in `seq` order: takes the conversation's stream lock (realtime/stream-lock.ts) before
   * the message takes its `seq`, held until commit. Null when its id is already stored (a retry); NOT_FOUND
   * for a sender who may not write here (unless `writable` refused them already).
   */
  append(
    tx: Tx,
    senderId: string,
    conversationId: string,
    message: Outgoing & Fields,
  ): Promise<Stored | null>;
  /** The topics that hear of a new message, if more than `topic` (e.g. lists showing the conversation). */
  announced?(conversationId: string, stored: Stored): string[];
  /** Who hears of the message away from the app, and how their pushes are queued. */
  recipients(tx: Tx, senderId: string, conversationId: string, stored: Stored): Promise<string[]> | string[];
  push(notify: Notifier, conversationId: string, recipients: string[], tx: Tx): Promise<void>;
  /** The sent message as the sender sees it, when `append` returned all of it (no read needed). */
  sentView?(senderId: string, conversationId: string, stored: Stored, message: Outgoing & Fields): Message;

  /** Its read markers: moved for the sender by their own message, and by the reader. */
  markers: {
    sent?(tx: Tx, senderId: string, conversationId: string, stored: Stored): Promise<unknown>;
    read(deps: ServiceDeps, userId: string, conversation: Conv, at: ReadAt): Promise<unknown>;
  };
}

type Changes<Message> = Array<{ seq: number; item: Message }>;

export function defineConversation<
  Conv extends { id: string },
  Row,
  Message extends { id: string; seq: number },
  Fields,
  Stored extends Appended,
  ReadAt,
>(kind: ConversationKind<Conv, Row, Message, Fields, Stored, ReadAt>) {
  const { messages } = kind;

  /** A page of messages in ascending order: the newest page, or the one before `before` (a seq). */
  async function page(deps: ServiceDeps, userId: string, conversationId: string, before?: number) {
    await kind.member(deps.db, userId, conversationId);
    const rows = await kind.select(
      deps.db,
      userId,
      and(eq(messages.conversationId, conversationId), before ? lt(messages.seq, before) : undefined),
      desc(messages.seq),
      kind.pageSize,
    );
    return rows.reverse().map((row) => kind.view(deps, row));
  }

  /**
   * Sends a message; a repeated client `id` is stored once. The sender's anti-spam lock comes first (see
   * lockSender) and holds from the caps' check to the commit; the conversation's stream lock after it
   * (`append`), from before the message takes its `seq` until the commit, so subscribers never miss one.
   */
  async function send(
    deps: ServiceDeps,
    userId: string,
    conversationId: string,
    message: Outgoing & Fields,
  ): Promise<Message> {
    await kind.writable?.(deps.db, userId, conversationId);
    const stored = await transact(deps.db, async (tx) => {
      // Statements sent together share a round trip (postgres.js pipelines them on the transaction's
      // connection) and run in order: the caps' read starts once the lock is granted, so it sees every message
      // the sender's other sends committed meanwhile.
      await Promise.all([lockSender(tx, userId), checkMessage(tx, userId, kind, conversationId, message)]);
      const stored = await kind.append(tx, userId, conversationId, message);
      // Announced and its pushes queued as part of the write: a crash after the commit loses neither, and a
      // retry (the same id, nothing new stored) repeats neither.
      if (stored) {
        const topics = kind.announced?.(conversationId, stored) ?? kind.topic(conversationId);
        const queuePushes = async () =>
          kind.push(
            deps.notify,
            conversationId,
            await kind.recipients(tx, userId, conversationId, stored),
            tx,
          );
        await Promise.all([
          kind.markers.sent?.(tx, userId, conversationId, stored),
          deps.bus.publishIn(tx, topics, null),
          queuePushes(),
        ]);
      }
      return stored;
    });
    crashPoint(kind.committed);
    if (stored && kind.sentView) return kind.sentView(userId, conversationId, stored, message);
    // The message as its sender sees it; for a retried send, the one stored the first time, if it is the
    // caller's own here (someone else's id: refused without saying whose it is).
    const id = stored?.id ?? message.id;
    const [row] = id
      ? await kind.select(
          deps.db,
          userId,
          and(
            eq(messages.id, id),
            eq(messages.conversationId, conversationId),
            eq(messages.senderId, userId),
          ),
          asc(messages.seq),
          1,
        )
      : [];
    if (!row) throw new AppError('VALIDATION');
    return kind.view(deps, row);
  }

  /** The reader has read the conversation (up to `at`, where the kind's markers are positions). */
  async function markRead(deps: ServiceDeps, userId: string, conversationId: string, at: ReadAt) {
    const conversation = await kind.member(deps.db, userId, conversationId);
    await kind.markers.read(deps, userId, conversation, at);
    return { ok: true as const };
  }

  /** Built once per database: the live read runs for every message, for every subscriber. */
  const newMessagesQuery = (db: Db) =>
    kind
      .select(
        db,
        sql.placeholder('viewerId'),
        and(
          eq(messages.conversationId, sql.placeholder('conversationId')),
          gt(messages.seq, sql.placeholder('afterSeq')),
        ),
        asc(messages.seq),
        BACKFILL_BATCH,
      )
      .prepare(`${kind.name}_messages_after`);
  const prepared = new WeakMap<object, ReturnType<typeof newMessagesQuery>>();
  /** Reads in flight, per database (see messagesAfter). */
  const reading = new WeakMap<object, Map<string, Promise<Changes<Message>>>>();

  /**
   * Messages after `afterSeq` that `viewerId` may see, oldest first (the resumable subscription). Members'
   * subscriptions wake on the same notice and ask the same question, so one read answers them all (where
   * every member sees the same), but only callers that have heard no notice since it started: it sees every
   * commit they have heard of.
   */
  function messagesAfter(
    deps: ServiceDeps,
    viewerId: string,
    conversationId: string,
    afterSeq: number,
  ): Promise<Changes<Message>> {
    let reads = reading.get(deps.db);
    if (!reads) reading.set(deps.db, (reads = new Map()));
    const reader = kind.sameForEveryReader ? '' : viewerId;
    const key = `${conversationId}:${afterSeq}:${reader}:${deps.bus.heard()}`;
    const shared = reads.get(key);
    if (shared) return shared;
    let query = prepared.get(deps.db);
    if (!query) prepared.set(deps.db, (query = newMessagesQuery(deps.db)));
    const read = query
      .execute({ viewerId, conversationId, afterSeq })
      .then((rows) => rows.map((row) => kind.view(deps, row)).map((item) => ({ seq: item.seq, item })))
      .finally(() => reads.delete(key));
    reads.set(key, read);
    return read;
  }

  async function latestSeq(deps: ServiceDeps, conversationId: string): Promise<number> {
    const [row] = await deps.db
      .select({ seq: sql<number | null>`max(${messages.seq})` })
      .from(messages.table)
      .where(eq(messages.conversationId, conversationId));
    return Number(row?.seq ?? 0);
  }

  /**
   * The conversation's messages as they are sent, resumable by event id (the message's `seq`); ends with the
   * caller's session. Membership is checked before the stream starts, so a stranger's subscribe call itself
   * fails.
   */
  async function subscribe(
    ctx: ServiceDeps & SubscriberContext,
    conversationId: string,
    lastEventId: string | null | undefined,
    signal: AbortSignal | undefined,
  ) {
    await kind.member(ctx.db, ctx.user.id, conversationId);
    // A generator: it holds nothing until it runs, so a stream never run (a duplicate id) costs nothing.
    return whileSignedInStream(ctx, signal, (stop) =>
      backfilled({
        bus: ctx.bus,
        topic: kind.topic(conversationId),
        signal: stop,
        lastEventId,
        latest: () => latestSeq(ctx, conversationId),
        changesAfter: (seq) => messagesAfter(ctx, ctx.user.id, conversationId, seq),
      }),
    );
  }

  return { ...kind, page, send, markRead, messagesAfter, latestSeq, subscribe };
}
