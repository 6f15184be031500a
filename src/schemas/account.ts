import { LOST_ALERT_KINDS, LOST_ALERT_STATUSES } from '../domain/lost';
import { z } from 'zod';
import { CHECK_IN_AUDIENCES, SPOT_KINDS, SPOT_STATUSES, SUGGESTION_STATUSES } from '../domain/spots';
import { suggestedValues } from './spots';
import { accessTokenView } from './access-tokens';
import { notifyPreferencesView } from './notifications';
import { ATTENDANCE_STATUSES } from '../domain/events';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../domain/requests';
import {
  APPEAL_STATUSES,
  MODERATION_ACTIONS,
  QUEUE_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from '../domain/safety';
import { USER_ROLES } from './auth';
import { MESSAGE_TYPES } from './chats';
import { deckFiltersView } from './deck';
import { dogView } from './dogs';
import { EVENT_TYPES } from './events';

/** An event as the export lists it: what it is, when and where, and its seats. */
const exportedEvent = z.object({
  title: z.string(),
  description: z.string().nullable(),
  /** YYYY-MM-DD. */
  eventDate: z.string(),
  /** HH:MM, 24 h. */
  eventTime: z.string(),
  durationMinutes: z.number(),
  locationName: z.string(),
  country: z.string(),
  city: z.string(),
  eventType: z.enum(EVENT_TYPES),
  maxAttendees: z.number(),
  currentAttendees: z.number(),
});

const since = z.object({ since: z.date() }).nullable();

/**
 * Everything an account owns, as `account.export` answers it (server/services/account/account-export.ts):
 * the "export my data" download (GDPR Art. 15 and 20). Others appear by name only.
 */
export const accountExportView = z.object({
  exportedAt: z.date(),
  account: z.object({
    email: z.string(),
    role: z.enum(USER_ROLES),
    locale: z.string(),
    createdAt: z.date(),
    termsAcceptedAt: z.date().nullable(),
    termsVersion: z.string().nullable(),
  }),
  profile: z
    .object({
      fullName: z.string(),
      age: z.number().nullable(),
      location: z.string().nullable(),
      /** ISO code. */
      country: z.string(),
      /** The photo's upload key. */
      photo: z.string().nullable(),
    })
    .nullable(),
  /** Oldest first. */
  dogs: z.array(dogView.omit({ id: true, userId: true })),
  /** Likes and passes: the dog swiped (its name), and which of mine it was swiped with. */
  swipes: z.array(
    z.object({ dog: z.string(), withDog: z.string().nullable(), liked: z.boolean(), createdAt: z.date() }),
  ),
  deckFilters: deckFiltersView,
  eventsCreated: z.array(exportedEvent),
  eventsJoined: z.array(exportedEvent.extend({ status: z.enum(ATTENDANCE_STATUSES), joinedAt: z.date() })),
  /** What I wrote in event chats. */
  eventChatMessages: z.array(z.object({ eventId: z.string(), content: z.string(), createdAt: z.date() })),
  calendarFeed: since,
  /** Requests and notices I sent or received (`received`), with the dog's name. */
  requests: z.array(
    z.object({
      type: z.enum(NOTIFICATION_TYPES),
      status: z.enum(NOTIFICATION_STATUSES),
      received: z.boolean(),
      dog: z.string().nullable(),
      detail: z.string().nullable(),
      createdAt: z.date(),
    }),
  ),
  chats: z.array(
    z.object({
      chatName: z.string(),
      createdAt: z.date(),
      messages: z.array(
        z.object({
          mine: z.boolean(),
          content: z.string(),
          type: z.enum(MESSAGE_TYPES),
          createdAt: z.date(),
        }),
      ),
    }),
  ),
  blocked: z.array(z.object({ fullName: z.string(), blockedAt: z.date() })),
  reportsFiled: z.array(
    z.object({
      targetType: z.enum(REPORT_TARGETS),
      reason: z.enum(QUEUE_REASONS),
      details: z.string().nullable(),
      status: z.enum(REPORT_STATUSES),
      createdAt: z.date(),
      decidedAt: z.date().nullable(),
    }),
  ),
  /** Moderators' decisions about me, with their statements of reasons and my appeal of each. */
  moderationDecisions: z.array(
    z.object({
      action: z.enum(MODERATION_ACTIONS),
      statement: z.string(),
      suspendedUntil: z.date().nullable(),
      createdAt: z.date(),
      appeal: z
        .object({
          text: z.string(),
          status: z.enum(APPEAL_STATUSES),
          createdAt: z.date(),
          decidedAt: z.date().nullable(),
        })
        .nullable(),
    }),
  ),
  /** Never the tokens themselves: their names, last four characters, scopes and dates. */
  accessTokens: z.array(accessTokenView.omit({ id: true })),
  shopNotify: since,
  /** Places I added (they stay when the account goes) and my reviews of places. */
  spotsAdded: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(SPOT_KINDS),
      location: z.string(),
      status: z.enum(SPOT_STATUSES),
      createdAt: z.date(),
    }),
  ),
  spotReviews: z.array(
    z.object({ spot: z.string(), rating: z.number(), tip: z.string().nullable(), updatedAt: z.date() }),
  ),
  /** Where I said we were, kept a day after each ended. */
  checkIns: z.array(
    z.object({
      spot: z.string(),
      dogs: z.array(z.string()),
      audience: z.enum(CHECK_IN_AUDIENCES),
      createdAt: z.date(),
      endsAt: z.date(),
    }),
  ),
  /** My lost-dog alerts and found dogs, kept LIMITS.lostAlert.expiresDays after each ended. */
  lostAlerts: z.array(
    z.object({
      kind: z.enum(LOST_ALERT_KINDS),
      /** The lost dog's name; a found dog has none, but what it looks like. */
      dog: z.string().nullable(),
      looks: z.string().nullable(),
      lat: z.number(),
      lon: z.number(),
      seenAt: z.date(),
      note: z.string().nullable(),
      radiusKm: z.number(),
      status: z.enum(LOST_ALERT_STATUSES),
      createdAt: z.date(),
      endedAt: z.date().nullable(),
    }),
  ),
  /** What I saw of others' lost dogs (the dog's name, where and when, my note), while its alert is kept. */
  lostSightings: z.array(
    z.object({
      dog: z.string(),
      lat: z.number(),
      lon: z.number(),
      seenAt: z.date(),
      note: z.string().nullable(),
      createdAt: z.date(),
    }),
  ),
  /** The changes I suggested to places, and what became of them. */
  spotSuggestions: z.array(
    z.object({
      spot: z.string(),
      changes: suggestedValues.partial(),
      note: z.string().nullable(),
      status: z.enum(SUGGESTION_STATUSES),
      createdAt: z.date(),
      decidedAt: z.date().nullable(),
    }),
  ),
  notifications: notifyPreferencesView.extend({
    pushDevices: z.array(z.object({ endpoint: z.string(), createdAt: z.date() })),
  }),
});
