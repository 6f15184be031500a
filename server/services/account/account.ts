import { and, eq, isNotNull } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { isLocale } from '#shared/i18n';
import { chats, events, notifications, spots, uploads, users } from '../../db/schema';
import { transact } from '../../db/transact';
import type { Jobs } from '../../jobs/queue';
import { forgetAddress } from './auth';
import { announceSessionsEnded } from '../../realtime/sessions';
import { announceChat } from '../chat/chats';
import * as attendance from '../events/attendance';
import type { ServiceDeps } from '../deps';
import { queueMail } from '../delivery/mail-delivery';
import { publishRequests } from '../notices/notifications';
import { removeUploadFiles } from '../uploads';
import { requestOfParty } from '../safety/visibility';

/**
 * DECISIONS 5, in one transaction: the user's rows go (most by foreign-key cascade from `users`), events they
 * joined count one attendee less, attendees of their events get a cancellation notice, and chats where they
 * were the other party stay for the dog's owner as 'Deleted User' (read-only) without their messages. After
 * the commit: the photo files go, every session ends (on every instance), and the other people hear of it.
 * The owner gets an e-mail saying it was done.
 */
export async function deleteAccount(deps: ServiceDeps & { jobs: Jobs }, userId: string) {
  const affected = await transact(deps.db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('NOT_FOUND');
    const files = await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.ownerId, userId));
    const chatsLeft = await tx
      .select({ id: chats.id, ownerId: chats.ownerId })
      .from(chats)
      .where(eq(chats.userId, userId));
    const chatsGone = await tx
      .select({ id: chats.id, userId: chats.userId })
      .from(chats)
      .where(and(eq(chats.ownerId, userId), isNotNull(chats.userId)));
    const counterparts = await tx
      .select({ ownerId: notifications.ownerId, userId: notifications.userId })
      .from(notifications)
      .where(requestOfParty(userId));

    // Their messages go with them, so the owner has nothing of theirs left unread. Their dog goes too: set
    // here, as the cascade would, because a row changed in this transaction gets its keys checked again.
    if (chatsLeft.length)
      await tx.update(chats).set({ unreadCountOwner: 0, otherDogId: null }).where(eq(chats.userId, userId));
    const seated = await attendance.leaveAll(tx, userId);
    const told = [...seated, ...(await attendance.cancelAttendance(tx, eq(events.userId, userId)))];
    await forgetAddress(tx, user.email);
    // Places they added stay everyone's (author_id becomes null), without their photos, whose files go.
    await tx.update(spots).set({ photos: [] }).where(eq(spots.authorId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    // The owner hears it was done, in their language (queued with the deletion: it goes if and only if it did).
    await queueMail(deps.jobs, tx, {
      to: user.email,
      kind: 'accountDeleted',
      locale: isLocale(user.locale) ? user.locale : 'sl',
    });
    const others = new Set<string>();
    for (const row of counterparts)
      for (const id of [row.ownerId, row.userId]) if (id && id !== userId) others.add(id);
    for (const attendee of told) others.add(attendee);
    return { files: files.map((file) => file.key), chatsLeft, chatsGone, others };
  });

  await removeUploadFiles(deps.storage, affected.files, deps.log);
  await announceSessionsEnded(deps.bus, userId);
  for (const chat of affected.chatsLeft)
    await announceChat(deps, { id: chat.id, ownerId: chat.ownerId, userId: null });
  for (const chat of affected.chatsGone)
    await announceChat(deps, { id: chat.id, ownerId: userId, userId: chat.userId });
  await publishRequests(deps, affected.others);
  return { ok: true as const };
}
