import { and, desc, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { ReportTarget } from '#shared/domain/safety';
import type { BlockedUser, reportInput } from '#shared/schemas/safety';
import type { Tx } from '../../db/client';
import {
  adminUpdates,
  blocks,
  chatMessages,
  chats,
  dogProfiles,
  eventMessages,
  events,
  profiles,
  reports,
  spots,
  users,
} from '../../db/schema';
import { lockStreams } from '../../realtime/stream-lock';
import { announceChat } from '../chat/chats';
import { chatEventOf } from '../chat/event-chat';
import { rewindPair } from '../matching/deck-positions';
import { messageContext } from './report-item';
import type { ServiceDeps } from '../deps';
import { publishRequests, requestsTopic, restampPair } from '../notices/notifications';
import { takeSlot } from '../rate-limit';
import { spotSnapshot } from '../spots/spots';
import { photoOf } from '../uploads';
import { chatSeenBy, isHiddenFrom } from './visibility';

/**
 * Blocks and reports (issue 18). A block hides the two users from each other everywhere (services/safety/visibility.ts
 * decides, every read asks it); a report (DSA Art. 16) keeps a snapshot of the item for the moderators.
 */

/** A block or unblock; when it changed something, both users' lists learn of it (live). */
async function blockChange(
  deps: ServiceDeps,
  userId: string,
  otherId: string,
  change: (tx: Tx) => Promise<boolean>,
) {
  if (otherId === userId) throw new AppError('VALIDATION');
  const pairChats = await deps.db.transaction(async (tx) => {
    const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.id, otherId));
    if (!other) throw new AppError('NOT_FOUND');
    // Both users' request streams, so the pair's rows take their new event ids in order.
    await lockStreams(tx, requestsTopic(userId), requestsTopic(otherId));
    if (!(await change(tx))) return null;
    await restampPair(tx, userId, otherId);
    return tx
      .select({ id: chats.id, ownerId: chats.ownerId, userId: chats.userId })
      .from(chats)
      .where(
        or(
          and(eq(chats.ownerId, userId), eq(chats.userId, otherId)),
          and(eq(chats.ownerId, otherId), eq(chats.userId, userId)),
        ),
      );
  });
  if (!pairChats) return { ok: true as const };
  // Live: both sides' request lists drop (or get back) the pair's rows, their chat lists the pair's chats.
  await publishRequests(deps, [userId, otherId]);
  for (const chat of pairChats) await announceChat(deps, chat);
  return { ok: true as const };
}

/** `userId` blocks `otherId`: neither sees the other again, anywhere, until `userId` unblocks. */
export const block = (deps: ServiceDeps, userId: string, otherId: string) =>
  blockChange(deps, userId, otherId, async (tx) => {
    const added = await tx
      .insert(blocks)
      .values({ blockerId: userId, blockedId: otherId })
      .onConflictDoNothing()
      .returning({ at: blocks.createdAt });
    return added.length > 0;
  });

export const unblock = (deps: ServiceDeps, userId: string, otherId: string) =>
  blockChange(deps, userId, otherId, async (tx) => {
    const removed = await tx
      .delete(blocks)
      .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, otherId)))
      .returning({ at: blocks.createdAt });
    if (removed.length > 0) await rewindPair(tx, userId, otherId);
    return removed.length > 0;
  });

/** The users I blocked, newest first (settings, to unblock). Who blocked me is never told. */
export async function blockedUsers(deps: ServiceDeps, userId: string): Promise<BlockedUser[]> {
  const rows = await deps.db
    .select({
      userId: blocks.blockedId,
      fullName: profiles.fullName,
      photoUrl: profiles.photoUrl,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt));
  return rows.map((row) => ({
    userId: row.userId,
    fullName: row.fullName ?? '',
    photo: row.photoUrl ? photoOf(deps.storage, row.photoUrl) : null,
    blockedAt: row.blockedAt,
  }));
}

/** The reported item as it is now, and its author; NOT_FOUND when it does not exist or is not the reporter's to see. */
async function snapshotOf(
  tx: Tx,
  reporterId: string | null,
  type: ReportTarget,
  id: string,
): Promise<{ authorId: string | null; snapshot: Record<string, unknown> }> {
  switch (type) {
    case 'user': {
      const [row] = await tx.select().from(profiles).where(eq(profiles.userId, id));
      if (!row) break;
      return {
        authorId: id,
        snapshot: {
          fullName: row.fullName,
          location: row.location,
          country: row.countryCode,
          photo: row.photoUrl,
        },
      };
    }
    case 'dog': {
      const [row] = await tx.select().from(dogProfiles).where(eq(dogProfiles.id, id));
      if (!row) break;
      const { name, breed, description, location, traits, photos } = row;
      const birthMonth = row.bornOn.slice(0, 7);
      return {
        authorId: row.userId,
        snapshot: { name, breed, birthMonth, description, location, traits, photos },
      };
    }
    case 'message': {
      // Only a party of the chat has seen the message.
      if (!reporterId) break;
      const [row] = await tx
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(chats, eq(chats.id, chatMessages.chatId))
        .where(and(eq(chatMessages.id, id), chatSeenBy(reporterId)));
      if (!row) break;
      const { content, messageType, chatId, createdAt } = row.message;
      const context = await messageContext(tx, { type: 'pair', chatId }, row.message);
      return {
        authorId: row.message.senderId,
        snapshot: { content, messageType, chatId, sentAt: createdAt, context },
      };
    }
    case 'event_message': {
      // Only someone in the event's chat has seen the message (and not one of a person hidden from them).
      if (!reporterId) break;
      const [row] = await tx.select().from(eventMessages).where(eq(eventMessages.id, id));
      if (!row || (await isHiddenFrom(tx, reporterId, row.senderId))) break;
      await chatEventOf(tx, reporterId, row.eventId);
      const context = await messageContext(tx, { type: 'event', eventId: row.eventId }, row);
      return {
        authorId: row.senderId,
        snapshot: { content: row.content, eventId: row.eventId, sentAt: row.createdAt, context },
      };
    }
    case 'event': {
      const [row] = await tx.select().from(events).where(eq(events.id, id));
      if (!row) break;
      const { title, description, eventDate, eventTime, locationName, city, country, imageUrl } = row;
      return {
        authorId: row.userId,
        snapshot: { title, description, eventDate, eventTime, locationName, city, country, image: imageUrl },
      };
    }
    case 'spot': {
      // A published place (a waiting one is in the queue already, and only its author sees it).
      const [row] = await tx
        .select()
        .from(spots)
        .where(and(eq(spots.id, id), eq(spots.status, 'published')));
      if (!row) break;
      return { authorId: row.authorId, snapshot: spotSnapshot(row) };
    }
    case 'announcement': {
      const [row] = await tx.select().from(adminUpdates).where(eq(adminUpdates.id, id));
      if (!row || !row.isActive) break;
      return { authorId: row.createdBy, snapshot: { title: row.title, content: row.content } };
    }
  }
  throw new AppError('NOT_FOUND');
}

/**
 * A report, signed in or not (DSA Art. 16): the exact item, a reason, the reporter's contact and good-faith
 * statement. The item is copied as it is now, so the moderators see it even if its author deletes it. At most
 * LIMITS.report.perHour per client and per signed-in reporter (an account on many addresses is one reporter).
 */
export async function report(
  deps: ServiceDeps & { client: string },
  reporter: { id: string; email: string } | null,
  input: z.output<typeof reportInput>,
): Promise<{ id: string; receivedAt: Date }> {
  const contactEmail = input.contactEmail ?? reporter?.email;
  if (!contactEmail) throw new AppError('VALIDATION');
  const window = { minutes: 60, max: LIMITS.report.perHour };
  const { full } = await takeSlot(deps.db, [
    { bucket: `report:client:${deps.client}`, ...window },
    ...(reporter ? [{ bucket: `report:user:${reporter.id}`, ...window }] : []),
  ]);
  if (full) throw new AppError('TOO_MANY_REPORTS', { max: LIMITS.report.perHour });
  return deps.db.transaction(async (tx) => {
    const { authorId, snapshot } = await snapshotOf(
      tx,
      reporter?.id ?? null,
      input.targetType,
      input.targetId,
    );
    if (authorId && authorId === reporter?.id) throw new AppError('VALIDATION');
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: reporter?.id ?? null,
        contactEmail,
        reason: input.reason,
        details: input.details,
        targetType: input.targetType,
        targetId: input.targetId,
        targetUserId: authorId,
        snapshot,
      })
      .returning({ id: reports.id, receivedAt: reports.createdAt });
    return row!;
  });
}
