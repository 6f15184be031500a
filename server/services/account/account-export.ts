import { lostAlertsOfUser } from '../lost/lost-alerts';
import { lostSightingsOfUser } from '../lost/lost-sightings';
import { suggestionsOfUser } from '../spots/spot-suggestions';
import { alias } from 'drizzle-orm/pg-core';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import {
  appeals,
  calendarFeeds,
  chatMessages,
  chats,
  dogProfiles,
  eventAttendees,
  eventMessages,
  events,
  moderationActions,
  notifications,
  profiles,
  pushSubscriptions,
  reports,
  shopWishes,
  spotReviews,
  checkIns,
  spots,
  swipes,
  users,
} from '../../db/schema';
import { listAccessTokens } from './access-tokens';
import { filtersOf } from '../matching/deck-filters';
import type { ServiceDeps } from '../deps';
import { takeSlot } from '../rate-limit';
import { dogsOf } from '../matching/dogs';
import { notifyPreferences } from '../notices/notify-settings';
import { blockedUsers } from '../safety/safety';
import { chatOfParty, requestOfParty } from '../safety/visibility';

const fromDogs = alias(dogProfiles, 'from_dogs');

/**
 * Everything the user owns, as one JSON document (the "export my data" download, GDPR Art. 15 and 20):
 * account (with when it accepted which terms), profile, dogs, likes and passes, deck filters, events created and joined, requests, chats with
 * their messages, blocks, reports filed, decisions about them and their appeals, access tokens, notification
 * settings, the shop wish. Nobody else's private data: the other side of a chat is named, its e-mail is not;
 * a report's snapshot of someone else's item stays out.
 */
export async function exportAccount(deps: ServiceDeps, userId: string) {
  const db = deps.db;
  const { full } = await takeSlot(db, [
    { bucket: `export:user:${userId}`, max: LIMITS.accountExportsPerHour, minutes: 60 },
  ]);
  if (full) throw new AppError('TOO_MANY_EXPORTS', { max: LIMITS.accountExportsPerHour });
  const [account] = await db
    .select({
      email: users.email,
      role: users.role,
      locale: users.locale,
      createdAt: users.createdAt,
      termsAcceptedAt: users.termsAcceptedAt,
      termsVersion: users.termsVersion,
    })
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
  const dogs = (await dogsOf(db, deps.storage, userId))
    .reverse()
    .map(({ id: _id, userId: _userId, ...dog }) => dog);
  // Likes and passes: the dog swiped, and which of mine it was swiped with.
  const swiped = await db
    .select({
      dog: dogProfiles.name,
      withDog: fromDogs.name,
      liked: swipes.liked,
      createdAt: swipes.createdAt,
    })
    .from(swipes)
    .innerJoin(dogProfiles, eq(dogProfiles.id, swipes.dogId))
    .leftJoin(fromDogs, eq(fromDogs.id, swipes.fromDogId))
    .where(eq(swipes.userId, userId))
    .orderBy(asc(swipes.createdAt));
  const eventColumns = {
    title: events.title,
    description: events.description,
    eventDate: events.eventDate,
    eventTime: events.eventTime,
    durationMinutes: events.durationMinutes,
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
  // Places I added (each stays when I go: it is everyone's) and my reviews of places.
  const spotsAdded = await db
    .select({
      name: spots.name,
      kind: spots.kind,
      location: spots.location,
      status: spots.status,
      createdAt: spots.createdAt,
    })
    .from(spots)
    .where(eq(spots.authorId, userId))
    .orderBy(asc(spots.createdAt));
  const spotReviewsWritten = await db
    .select({
      spot: spots.name,
      rating: spotReviews.rating,
      tip: spotReviews.tip,
      updatedAt: spotReviews.updatedAt,
    })
    .from(spotReviews)
    .innerJoin(spots, eq(spots.id, spotReviews.spotId))
    .where(eq(spotReviews.userId, userId))
    .orderBy(asc(spotReviews.createdAt));
  // Where I said we were, as long as it is kept (a day after its end).
  const checkInsMade = await db
    .select({
      spot: spots.name,
      dogs: sql<string[]>`array(select d.name from check_in_dogs cd join dog_profiles d on d.id = cd.dog_id
        where cd.check_in_id = ${checkIns.id} order by d.name)`,
      audience: checkIns.audience,
      createdAt: checkIns.createdAt,
      endsAt: checkIns.endsAt,
    })
    .from(checkIns)
    .innerJoin(spots, eq(spots.id, checkIns.spotId))
    .where(eq(checkIns.userId, userId))
    .orderBy(asc(checkIns.createdAt));
  const pushDevices = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const reportsFiled = await db
    .select({
      targetType: reports.targetType,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
      decidedAt: reports.decidedAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt));
  // Decisions about me, with their statements of reasons and my appeal of each.
  const decisions = await db
    .select({
      action: moderationActions.action,
      statement: moderationActions.statement,
      suspendedUntil: moderationActions.suspendedUntil,
      createdAt: moderationActions.createdAt,
      // Null without an appeal (drizzle nulls a left-joined object whose first column is null: text never is).
      appeal: {
        text: appeals.text,
        status: appeals.status,
        createdAt: appeals.createdAt,
        decidedAt: appeals.decidedAt,
      },
    })
    .from(moderationActions)
    .leftJoin(appeals, eq(appeals.actionId, moderationActions.id))
    .where(eq(moderationActions.targetUserId, userId))
    .orderBy(asc(moderationActions.createdAt));
  return {
    exportedAt: new Date(),
    account,
    profile: profile ?? null,
    dogs,
    swipes: swiped,
    deckFilters: await filtersOf(db, userId),
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
    blocked: (await blockedUsers(deps, userId)).map(({ fullName, blockedAt }) => ({ fullName, blockedAt })),
    reportsFiled,
    moderationDecisions: decisions,
    accessTokens: (await listAccessTokens(db, userId)).map(({ id: _id, ...token }) => token),
    shopNotify: wish ? { since: wish.createdAt } : null,
    spotsAdded,
    spotReviews: spotReviewsWritten,
    checkIns: checkInsMade,
    lostAlerts: await lostAlertsOfUser(db, userId),
    lostSightings: await lostSightingsOfUser(db, userId),
    spotSuggestions: await suggestionsOfUser(db, userId),
    notifications: { ...(await notifyPreferences(db, userId)), pushDevices },
  };
}
