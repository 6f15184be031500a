import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../../src/errors';
import {
  chatMessages,
  chats,
  dogProfiles,
  calendarFeeds,
  eventAttendees,
  eventMessages,
  events,
  notifications,
  profiles,
  pushSubscriptions,
  shopWishes,
  uploads,
  users,
} from '../db/schema';
import { forgetAddress } from './auth';
import { announceSessionsEnded } from '../realtime/sessions';
import { announceChat } from './chats';
import * as attendance from './attendance';
import type { ServiceDeps } from './deps';
import { publishRequests } from './notifications';
import { notifyPreferences } from './notify-settings';
import { removeUploadFiles } from './uploads';
import { chatOfParty, requestOfParty } from './visibility';

/**
 * Everything the user owns, as one JSON document (the "export my data" download): account, profile, dogs,
 * events created and joined, requests, chats with their messages, the shop wish. Nobody else's private
 * data: the other side of a chat is named, its e-mail is not.
 */
export async function exportAccount(deps: ServiceDeps, userId: string) {
  const db = deps.db;
  const [account] = await db
    .select({ email: users.email, role: users.role, locale: users.locale, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new AppError('NOT_FOUND');
  const [profile] = await db
    .select({
      fullName: profiles.fullName,
      age: profiles.age,
      location: profiles.location,
      country: profiles.countryCode,
      photo: profiles.photoUrl,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const dogs = await db
    .select({
      name: dogProfiles.name,
      breed: dogProfiles.breed,
      age: dogProfiles.age,
      gender: dogProfiles.gender,
      location: dogProfiles.location,
      description: dogProfiles.description,
      traits: dogProfiles.traits,
      photos: dogProfiles.photos,
      createdAt: dogProfiles.createdAt,
    })
    .from(dogProfiles)
    .where(eq(dogProfiles.userId, userId))
    .orderBy(asc(dogProfiles.createdAt));
  const eventColumns = {
    title: events.title,
    description: events.description,
    eventDate: events.eventDate,
    eventTime: events.eventTime,
    locationName: events.locationName,
    country: events.country,
    city: events.city,
    eventType: events.eventType,
    maxAttendees: events.maxAttendees,
    currentAttendees: events.currentAttendees,
  };
  const eventsCreated = await db.select(eventColumns).from(events).where(eq(events.userId, userId));
  const eventsJoined = await db
    .select({ ...eventColumns, status: eventAttendees.status, joinedAt: eventAttendees.joinedAt })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(eq(eventAttendees.userId, userId));
  const requests = await db
    .select({
      type: notifications.notificationType,
      status: notifications.status,
      received: sql<boolean>`${notifications.ownerId} = ${userId}`,
      dog: dogProfiles.name,
      detail: notifications.detail,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(dogProfiles, eq(dogProfiles.id, notifications.dogId))
    .where(requestOfParty(userId))
    .orderBy(asc(notifications.createdAt));
  const myChats = await db
    .select({ id: chats.id, chatName: chats.chatName, createdAt: chats.createdAt })
    .from(chats)
    .where(chatOfParty(userId))
    .orderBy(asc(chats.createdAt));
  const messages = myChats.length
    ? await db
        .select({
          chatId: chatMessages.chatId,
          mine: sql<boolean>`${chatMessages.senderId} = ${userId}`,
          content: chatMessages.content,
          type: chatMessages.messageType,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.chatId,
            myChats.map((chat) => chat.id),
          ),
        )
        .orderBy(asc(chatMessages.seq))
    : [];
  // What I wrote in event chats (others' messages there are theirs).
  const eventChatMessages = await db
    .select({
      eventId: eventMessages.eventId,
      content: eventMessages.content,
      createdAt: eventMessages.createdAt,
    })
    .from(eventMessages)
    .where(eq(eventMessages.senderId, userId))
    .orderBy(asc(eventMessages.seq));
  const [calendar] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  const [wish] = await db.select().from(shopWishes).where(eq(shopWishes.userId, userId));
  const pushDevices = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return {
    exportedAt: new Date(),
    account,
    profile: profile ?? null,
    dogs,
    eventsCreated,
    eventsJoined,
    eventChatMessages,
    calendarFeed: calendar ? { since: calendar.createdAt } : null,
    requests,
    chats: myChats.map(({ id, ...chat }) => ({
      ...chat,
      messages: messages
        .filter((message) => message.chatId === id)
        .map(({ chatId: _chatId, ...message }) => message),
    })),
    shopNotify: wish ? { since: wish.createdAt } : null,
    notifications: { ...(await notifyPreferences(db, userId)), pushDevices },
  };
}

/**
 * DECISIONS 5, in one transaction: the user's rows go (most by foreign-key cascade from `users`), events they
 * joined count one attendee less, attendees of their events get a cancellation notice, and chats where they
 * were the other party stay for the dog's owner as 'Deleted User' (read-only) without their messages. After
 * the commit: the photo files go, every session ends (on every instance), and the other people hear of it.
 */
export async function deleteAccount(deps: ServiceDeps, userId: string) {
  const affected = await deps.db.transaction(async (tx) => {
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
    await tx.delete(users).where(eq(users.id, userId));
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
