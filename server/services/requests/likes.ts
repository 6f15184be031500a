import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { LIKE_MESSAGE } from '#shared/domain/like-message';
import { isPending, PENDING_STATUSES } from '#shared/domain/requests';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { LikeOutcome } from '#shared/schemas/likes';
import type { DbOrTx, Tx } from '../../db/client';
import { transact } from '../../db/transact';
import { chats, dogProfiles, matches, notifications, profiles, swipes } from '../../db/schema';
import { lockStreams } from '../../realtime/stream-lock';
import { checkMessage, checkNewRequest, lockSender } from '../chat/anti-spam';
import { announceChat, appendMessage, chatNameOf, pairChat } from '../chat/chats';
import { rewindTo } from '../matching/deck-positions';
import type { ServiceDeps } from '../deps';
import { isHiddenFrom } from '../safety/visibility';
import { publishRequests, requestsTopic, updateNotices, writeNotices } from '../notices/notifications';

/**
 * All like, accept and reject work between two users runs one at a time (both users' request streams are
 * locked), so racing likes or accepts can never create two chats or two requests, and each user's
 * subscribers see the changes in commit order.
 */
const lockPair = (tx: Tx, a: string, b: string) => lockStreams(tx, requestsTopic(a), requestsTopic(b));

async function chatName(tx: Tx, dog: { name: string; breed: string; userId: string }) {
  const [owner] = await tx
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.userId, dog.userId));
  return chatNameOf(dog, owner?.fullName);
}

/** The chat of a pair of dogs, whichever of them is the chat's own (one chat per pair); locked. */
async function chatOfPair(tx: Tx, dogId: string, otherDogId: string) {
  const [chat] = await tx
    .select()
    .from(chats)
    .where(
      and(
        sql`least(${chats.dogId}, ${chats.otherDogId}) = least(${dogId}::uuid, ${otherDogId}::uuid)`,
        sql`greatest(${chats.dogId}, ${chats.otherDogId}) = greatest(${dogId}::uuid, ${otherDogId}::uuid)`,
      ),
    )
    // The chat's stream lock (see chatOf): its messages commit in seq order.
    .for('update');
  return chat;
}

/** The chat of `dog` (its owner's) and `otherDogId` (of `userId`, who liked it), created if there is none. */
async function ensureChat(
  tx: Tx,
  dog: { id: string; name: string; breed: string; userId: string },
  userId: string,
  otherDogId: string,
) {
  const existing = await chatOfPair(tx, dog.id, otherDogId);
  if (existing) return existing;
  const [created] = await tx
    .insert(chats)
    .values({ ownerId: dog.userId, userId, dogId: dog.id, otherDogId, chatName: await chatName(tx, dog) })
    .returning();
  return created!;
}

/** Records the match of two dogs; true when it is new (a pair matches once). */
async function recordMatch(
  tx: Tx,
  a: { userId: string; dogId: string },
  b: { userId: string; dogId: string },
) {
  const created = await tx
    .insert(matches)
    .values({ user1Id: a.userId, user2Id: b.userId, dog1Id: a.dogId, dog2Id: b.dogId })
    .onConflictDoNothing()
    .returning({ id: matches.id });
  return created.length > 0;
}

async function dogOf(tx: DbOrTx, id: string) {
  const [dog] = await tx.select().from(dogProfiles).where(eq(dogProfiles.id, id));
  return dog;
}

/** The heart message from `senderId` into the pair's chat (locked by the caller), capped as any message. */
async function sendHeart(tx: Tx, chat: { id: string }, senderId: string) {
  await checkMessage(tx, senderId, pairChat, chat.id, { content: LIKE_MESSAGE.content });
  return appendMessage(tx, senderId, { chatId: chat.id, ...LIKE_MESSAGE });
}

/** SPEC §4 Like request with DECISIONS 2–4: request, already sent, cooldown, heart message or match. */
export async function like(
  deps: ServiceDeps,
  userId: string,
  input: { fromDogId: string; dogId: string },
): Promise<LikeOutcome> {
  let notify: string[] = [];
  let chatChanged: string | undefined;
  let ownerId = '';
  const decide = async (tx: Tx): Promise<LikeOutcome> => {
    const from = await dogOf(tx, input.fromDogId);
    const dog = await dogOf(tx, input.dogId);
    if (!from || from.userId !== userId || !dog || dog.userId === userId) throw new AppError('NOT_FOUND');
    if (await isHiddenFrom(tx, userId, dog.userId)) throw new AppError('NOT_FOUND');
    ownerId = dog.userId;
    // The like may post a heart: the sender's anti-spam lock comes first (see lockSender).
    await lockSender(tx, userId);
    await lockPair(tx, userId, ownerId);

    const [swipe] = await tx
      .select()
      .from(swipes)
      .where(and(eq(swipes.userId, userId), eq(swipes.dogId, dog.id)));
    const now = Date.now();
    if (swipe?.rejectedUntil && swipe.rejectedUntil.getTime() > now)
      return { outcome: 'cooldown', minutesLeft: Math.ceil((swipe.rejectedUntil.getTime() - now) / 60_000) };
    await tx
      .insert(swipes)
      .values({ userId, dogId: dog.id, fromDogId: from.id, liked: true })
      .onConflictDoUpdate({
        target: [swipes.userId, swipes.dogId],
        set: { liked: true, fromDogId: from.id },
      });

    // One chat per pair of dogs: where there is one, the like is a heart message in it (SPEC §4).
    const chat = await chatOfPair(tx, from.id, dog.id);
    if (chat) {
      chatChanged = chat.id;
      await sendHeart(tx, chat, userId);
      return { outcome: 'message_sent', chatId: chat.id };
    }

    const [mine] = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.notificationType, 'request'),
          eq(notifications.userId, userId),
          eq(notifications.dogId, dog.id),
        ),
      );
    // DECISIONS 3: they already like one of my dogs (pending or accepted) → a match; this very pair first.
    const [theirs] = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.notificationType, 'request'),
          eq(notifications.userId, ownerId),
          eq(notifications.ownerId, userId),
          inArray(notifications.status, ['unread', 'read', 'accepted']),
        ),
      )
      .orderBy(
        sql`${notifications.dogId} = ${from.id} and ${notifications.fromDogId} = ${dog.id} desc`,
        sql`${notifications.dogId} = ${from.id} desc`,
        desc(notifications.createdAt),
      )
      .limit(1);
    notify = [userId, ownerId];
    if (theirs) {
      const chat = await ensureChat(tx, dog, userId, from.id);
      chatChanged = chat.id;
      const pair = [userId, ownerId];
      if (mine)
        await updateNotices(
          tx,
          pair,
          { status: 'accepted', fromDogId: from.id, updatedAt: new Date() },
          eq(notifications.id, mine.id),
        );
      else
        await writeNotices(tx, [{ dogId: dog.id, fromDogId: from.id, ownerId, userId, status: 'accepted' }]);
      await updateNotices(
        tx,
        pair,
        { status: 'accepted', updatedAt: new Date() },
        and(eq(notifications.id, theirs.id), inArray(notifications.status, PENDING_STATUSES)),
      );
      if (!(await recordMatch(tx, { userId: ownerId, dogId: dog.id }, { userId, dogId: from.id }))) {
        // These two matched before and a party deleted the chat since: the like reopens it with a heart.
        await sendHeart(tx, chat, userId);
        return { outcome: 'message_sent', chatId: chat.id };
      }
      // One match notice each: the liker sees "It's a Match" now (theirs is read), the other side live.
      await writeNotices(tx, [
        {
          notificationType: 'match',
          ownerId: userId,
          userId: ownerId,
          dogId: from.id,
          fromDogId: dog.id,
          status: 'read',
        },
        { notificationType: 'match', ownerId, userId, dogId: dog.id, fromDogId: from.id, status: 'unread' },
      ]);
      return { outcome: 'match', chatId: chat.id };
    }
    if (mine && mine.status !== 'rejected' && mine.status !== 'withdrawn') {
      notify = [];
      return { outcome: 'already_sent' };
    }
    await checkNewRequest(tx, userId);
    if (mine)
      await updateNotices(
        tx,
        [userId, ownerId],
        { status: 'unread', fromDogId: from.id, updatedAt: new Date(), pushedAt: null },
        eq(notifications.id, mine.id),
      );
    else await writeNotices(tx, [{ dogId: dog.id, fromDogId: from.id, ownerId, userId }]);
    return { outcome: 'requested' };
  };
  // Heard and pushed as part of the write: a crash after the commit loses neither.
  return transact(deps.db, async (tx) => {
    const outcome = await decide(tx);
    await publishRequests(deps, notify, tx);
    if (chatChanged) await announceChat(deps, { id: chatChanged, ownerId, userId }, tx);
    return outcome;
  });
}

export async function pass(deps: ServiceDeps, userId: string, input: { fromDogId: string; dogId: string }) {
  const from = await dogOf(deps.db, input.fromDogId);
  const dog = await dogOf(deps.db, input.dogId);
  if (!from || from.userId !== userId || !dog || dog.userId === userId) throw new AppError('NOT_FOUND');
  if (await isHiddenFrom(deps.db, userId, dog.userId)) throw new AppError('NOT_FOUND');
  await deps.db
    .insert(swipes)
    .values({ userId, dogId: dog.id, fromDogId: from.id, liked: false })
    .onConflictDoNothing();
  return { ok: true as const };
}

/**
 * A pending request addressed to `userId`, locked; anything else is NOT_FOUND or REQUEST_HANDLED. The pair's
 * stream lock comes first, as in every other writer of requests (like, mark read), so two of them never wait
 * for each other's locks.
 */
async function pendingRequest(tx: Tx, userId: string, id: string) {
  const addressed = and(
    eq(notifications.id, id),
    eq(notifications.ownerId, userId),
    eq(notifications.notificationType, 'request'),
  );
  const [parties] = await tx.select({ liker: notifications.userId }).from(notifications).where(addressed);
  if (!parties?.liker) throw new AppError('NOT_FOUND');
  await lockPair(tx, userId, parties.liker);
  const [request] = await tx.select().from(notifications).where(addressed).for('update');
  if (!request || !request.userId || !request.dogId || !request.fromDogId) throw new AppError('NOT_FOUND');
  if (!isPending(request.status)) throw new AppError('REQUEST_HANDLED');
  return { ...request, userId: request.userId, dogId: request.dogId, fromDogId: request.fromDogId };
}

export async function accept(deps: ServiceDeps, userId: string, id: string): Promise<{ chatId: string }> {
  let liker = '';
  const chatId = await deps.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, userId, id);
    liker = request.userId;
    await updateNotices(
      tx,
      [userId, liker],
      { status: 'accepted', updatedAt: new Date() },
      eq(notifications.id, id),
    );
    const dog = await dogOf(tx, request.dogId);
    if (!dog) throw new AppError('NOT_FOUND');
    const { id: chatId } = await ensureChat(tx, dog, liker, request.fromDogId);
    await recordMatch(tx, { userId, dogId: dog.id }, { userId: liker, dogId: request.fromDogId });
    try {
      // In a savepoint: if the notice cannot be written, the acceptance still stands (SPEC §4).
      await tx.transaction((notice) =>
        writeNotices(notice, [
          {
            notificationType: 'acceptance_feedback',
            ownerId: liker,
            userId,
            dogId: request.dogId,
            fromDogId: request.fromDogId,
            relatedNotificationId: id,
          },
        ]),
      );
    } catch (err) {
      deps.log.warn({ err, requestId: id }, 'acceptance notice not written');
    }
    return chatId;
  });
  await publishRequests(deps, [userId, liker]);
  await announceChat(deps, { id: chatId, ownerId: userId, userId: liker });
  return { chatId };
}

/**
 * The liker takes back a request nobody has answered: it leaves both lists (live), and the dog may come back
 * to the liker's deck.
 */
export async function withdraw(deps: ServiceDeps, userId: string, id: string) {
  const ownerId = await deps.db.transaction(async (tx) => {
    const sent = and(
      eq(notifications.id, id),
      eq(notifications.userId, userId),
      eq(notifications.notificationType, 'request'),
    );
    // The pair's stream lock before the row's, as in every writer of requests (see pendingRequest).
    const [parties] = await tx.select({ owner: notifications.ownerId }).from(notifications).where(sent);
    if (!parties) throw new AppError('NOT_FOUND');
    await lockPair(tx, userId, parties.owner);
    const [request] = await tx.select().from(notifications).where(sent).for('update');
    if (!request || !request.dogId) throw new AppError('NOT_FOUND');
    if (!isPending(request.status)) throw new AppError('REQUEST_HANDLED');
    await updateNotices(
      tx,
      [userId, request.ownerId],
      { status: 'withdrawn', updatedAt: new Date() },
      eq(notifications.id, id),
    );
    await tx.delete(swipes).where(and(eq(swipes.userId, userId), eq(swipes.dogId, request.dogId)));
    await rewindTo(tx, userId, request.dogId);
    return request.ownerId;
  });
  await publishRequests(deps, [userId, ownerId]);
  return { ok: true as const };
}

/** DECISIONS 4: rejected, and the liker waits LIMITS.likeCooldownMinutes before liking that dog again. */
export async function reject(deps: ServiceDeps, userId: string, id: string) {
  let liker = '';
  await deps.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, userId, id);
    liker = request.userId;
    await updateNotices(
      tx,
      [userId, liker],
      { status: 'rejected', updatedAt: new Date() },
      eq(notifications.id, id),
    );
    const rejectedUntil = new Date(Date.now() + LIMITS.likeCooldownMinutes * 60_000);
    await tx
      .insert(swipes)
      .values({
        userId: liker,
        dogId: request.dogId,
        fromDogId: request.fromDogId,
        liked: true,
        rejectedUntil,
      })
      .onConflictDoUpdate({ target: [swipes.userId, swipes.dogId], set: { rejectedUntil } });
  });
  await publishRequests(deps, [userId, liker]);
  return { ok: true as const };
}
