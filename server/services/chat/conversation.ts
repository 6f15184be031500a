import { and, asc, desc, eq, gt, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { builtOnce } from '../../db/built-once';
import { commitWith, together, transact } from '../../db/transact';
import { crashPoint } from '../../crash-points';
import { BACKFILL_BATCH, backfilled } from '../../realtime/backfill';
import { type SubscriberContext, whileSignedInStream } from '../../realtime/sessions';
import type { Notifier } from '../delivery/notify';
import type { ServiceDeps } from '../deps';
import { type CapRule, lockSender, messageVerdict } from './anti-spam';
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

/** A stored message, as the append returns it. */
interface Appended {
  id: string;
  seq: number;
}

/** What a send learns of its conversation before it writes (ConversationKind.open). */
interface Opened {
  /** Who hears of the message away from the app. */
  recipients: string[];
}

export interface ConversationKind<
  Conv extends { id: string },
  Row,
  Message extends { id: string; seq: number },
  Fields,
  Stored extends Appended,
  ReadAt,
  Target extends Opened,
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
  /**
   * Before a send writes: takes the conversation's stream lock (realtime/stream-lock.ts), held until commit
   * so that messages commit in `seq` order, and reads what the send needs (who hears of it). NOT_FOUND for a
   * sender who may not write here, CHAT_READ_ONLY where nobody may now. Its statements go out with the
   * sender's lock and the caps' read: no round trip of their own.
   */
  open(tx: Tx, senderId: string, conversationId: string): Promise<Target>;
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
   * Stores the message (after `open`, under the stream lock, with what it found), in one statement. Null
   * when its id is stored already (someone else's message: the sender's own retry is known before, see send).
   */
  append(
    tx: Tx,
    senderId: string,
    conversationId: string,
    message: Outgoing & Fields,
    target: Target,
  ): Promise<Stored | null>;
  /** The topics that hear of a new message, if more than `topic` (e.g. lists showing the conversation). */
  announced?(conversationId: string, target: Target): string[];
  /** How the pushes of the recipients `open` found are queued. */
  push(notify: Notifier, conversationId: string, recipients: string[], tx: Tx): Promise<void>;
  /** The sent message as its sender sees it, from what the send knows (no read needed). */
  sentView(
    deps: ServiceDeps,
    senderId: string,
    conversationId: string,
    sent: { stored: Stored; target: Target; message: Outgoing & Fields },
  ): Message;

  /** Its read markers: moved for the sender by their own message (just stored), and by the reader. */
  markers: {
    sent?(tx: Tx, senderId: string, conversationId: string): PromiseLike<unknown>;
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
  Target extends Opened,
>(kind: ConversationKind<Conv, Row, Message, Fields, Stored, ReadAt, Target>) {
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
   * (`open`), from before the message takes its `seq` until the commit, so subscribers never miss one.
   * On PostgreSQL two round trips: what decides (with the BEGIN), what writes (with the commit); the
   * message's view is made of what they answered.
   */
  async function send(
    deps: ServiceDeps,
    userId: string,
    conversationId: string,
    message: Outgoing & Fields,
  ): Promise<Message> {
    const sent = await transact(deps.db, async (tx) => {
      // Statements sent together share a round trip (postgres.js pipelines them on the transaction's
      // connection) and run in order: the caps' read starts once the sender's lock is granted, so it sees
      // every message the sender's other sends committed meanwhile. The caps refuse only a sender who may
      // write here (a stranger learns nothing of the conversation from them).
      const [, verdict, target] = await together([
        lockSender(tx, userId),
        messageVerdict(tx, userId, kind, conversationId, message),
        kind.open(tx, userId, conversationId),
      ]);
      if (verdict.refusal) throw verdict.refusal;
      // A retry (its id stored already, under the sender's lock): stored, announced and pushed once.
      if (verdict.stored) return null;
      // Announced and its pushes queued as part of the write: a crash after the commit loses neither. The
      // commit goes with them: everything is decided.
      const topics = kind.announced?.(conversationId, target) ?? kind.topic(conversationId);
      const [stored] = await together([
        kind.append(tx, userId, conversationId, message, target),
        kind.markers.sent?.(tx, userId, conversationId),
        deps.bus.publishIn(tx, topics, null),
        kind.push(deps.notify, conversationId, target.recipients, tx),
        commitWith(tx),
      ]);
      return stored && { stored, target };
    });
    crashPoint(kind.committed);
    if (sent) return kind.sentView(deps, userId, conversationId, { ...sent, message });
    // A retried send: the message stored the first time, if it is the caller's own here (someone else's
    // id: refused without saying whose it is).
    const id = message.id;
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
  const newMessagesQuery = builtOnce((db: DbOrTx, _shape: null) =>
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
      .prepare(`${kind.name}_messages_after`),
  );
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
    const read = newMessagesQuery(deps.db, null)
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
