import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotifyChannels, NotifyTopic } from '#shared/domain/notify';
import { LOST_ALERT_KINDS, LOST_ALERT_STATUSES } from '#shared/domain/lost';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '#shared/domain/requests';
import { LIMITS } from '#shared/limits';
import { UPDATE_TYPES } from '#shared/schemas/announcements';
import { USER_ROLES } from '#shared/schemas/auth';
import { MESSAGE_TYPES } from '#shared/schemas/chats';
import { DOG_ENERGIES, DOG_GENDERS, DOG_SIZES, PLAY_STYLES } from '#shared/schemas/dogs';
import type { DeckFilters } from '#shared/schemas/deck';
import { EVENT_TYPES } from '#shared/schemas/events';
import { ATTENDANCE_STATUSES, type EventChanges } from '#shared/domain/events';
import {
  APPEAL_STATUSES,
  MODERATION_ACTIONS,
  QUEUE_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from '#shared/domain/safety';
import { UPLOAD_KINDS } from '#shared/schemas/uploads';
import {
  CHECK_IN_AUDIENCES,
  LEASH_RULES,
  SPOT_AMENITIES,
  SPOT_KINDS,
  SPOT_STATUSES,
  SUGGESTION_STATUSES,
} from '#shared/domain/spots';
import type { OpeningHours, SuggestedValues } from '#shared/schemas/spots';
import { TOKEN_SCOPES } from '#shared/domain/access-tokens';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Monotonic event id for resumable subscriptions; a changed row takes a new one (`seq = default`). */
const seq = () => bigint('seq', { mode: 'number' }).notNull().generatedByDefaultAsIdentity();
/**
 * A message's text as the duplicate-text rule compares it (server/services/chat/anti-spam.ts `fingerprintOf`);
 * null where the rule does not apply (too short) and in messages written before migration 0015.
 */
const fingerprint = () => text('fingerprint');

// The enums are the shared tuples the schemas validate with: one list of values for database, server and web.
export const userRole = pgEnum('user_role', USER_ROLES);
export const emailTokenKind = pgEnum('email_token_kind', ['confirm', 'reset']);
export const dogGender = pgEnum('dog_gender', DOG_GENDERS);
export const dogSize = pgEnum('dog_size', DOG_SIZES);
export const dogEnergy = pgEnum('dog_energy', DOG_ENERGIES);
export const playStyle = pgEnum('play_style', PLAY_STYLES);
export const notificationStatus = pgEnum('notification_status', NOTIFICATION_STATUSES);
export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPES);
export const messageType = pgEnum('message_type', MESSAGE_TYPES);
export const eventType = pgEnum('event_type', EVENT_TYPES);
export const updateType = pgEnum('update_type', UPDATE_TYPES);
export const uploadKind = pgEnum('upload_kind', UPLOAD_KINDS);
export const reportTarget = pgEnum('report_target', REPORT_TARGETS);
export const reportReason = pgEnum('report_reason', QUEUE_REASONS);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);
export const moderationAction = pgEnum('moderation_action', MODERATION_ACTIONS);
export const appealStatus = pgEnum('appeal_status', APPEAL_STATUSES);
export const tokenScope = pgEnum('token_scope', TOKEN_SCOPES);
export const attendanceStatus = pgEnum('attendance_status', ATTENDANCE_STATUSES);
export const spotKind = pgEnum('spot_kind', SPOT_KINDS);
export const spotAmenity = pgEnum('spot_amenity', SPOT_AMENITIES);
export const leashRule = pgEnum('leash_rule', LEASH_RULES);
export const spotStatus = pgEnum('spot_status', SPOT_STATUSES);
export const suggestionStatus = pgEnum('spot_suggestion_status', SUGGESTION_STATUSES);
export const checkInAudience = pgEnum('check_in_audience', CHECK_IN_AUDIENCES);
export const lostAlertStatus = pgEnum('lost_alert_status', LOST_ALERT_STATUSES);
export const lostAlertKind = pgEnum('lost_alert_kind', LOST_ALERT_KINDS);
/** How an owner was told of a lost dog: pushed, mailed, or not at all for now (quiet hours). */
export const lostAlertChannel = pgEnum('lost_alert_channel', ['push', 'email', 'none']);

/** A user's id that goes with the user (ON DELETE CASCADE): the rows of an account are deleted with it. */
const userRef = (column: string) =>
  uuid(column)
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' });

// ── Auth ────────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable('users', {
  id: id(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  /** Null for demo accounts, which cannot be signed into. */
  passwordHash: text('password_hash'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  role: userRole('role').notNull().default('user'),
  /** Sign-up metadata (SPEC §3): the dog name given at registration. */
  signupDogName: text('signup_dog_name'),
  /** A moderator's suspension: no sign-in and nothing of theirs shown until then. */
  suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
  /** A moderator's ban: the same, for good. */
  bannedAt: timestamp('banned_at', { withTimezone: true }),
  /** The language the user last chose in the app: pushes and e-mails speak it. */
  locale: text('locale').notNull().default('sl'),
  /** Refreshed while the user has a socket open on any instance (server/realtime/presence.ts). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  /** The last summary e-mail: the next one tells only what came after it. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  /** When the user accepted the terms and privacy notice, and which version (src/domain/terms.ts). */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  termsVersion: text('terms_version'),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the session token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: userRef('user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Personal access tokens for scripts (issue 22): named, scoped, expiring; only the SHA-256 of the token is
 * stored. `windowStart`/`windowCalls` count the calls of the current one-minute window (the per-token limit).
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    userId: userRef('user_id'),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the whole token, prefix included. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's last four characters, so its owner can tell tokens apart. */
    hint: text('hint').notNull(),
    scopes: tokenScope('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    windowCalls: integer('window_calls').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    /** SHA-256 (hex) of the token sent by e-mail. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: userRef('user_id'),
    kind: emailTokenKind('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_kind_idx').on(t.userId, t.kind)],
);

/**
 * One row per counted event of a rate limit (a failed sign-in, an account e-mail asked for), under its
 * bucket (what is limited, e.g. `mail:to:<address>`). Kept in the database so limits hold across instances.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: id(),
    bucket: text('bucket').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_bucket_idx').on(t.bucket, t.createdAt)],
);

// ── Spec entities (SPEC §3) ─────────────────────────────────────────────────────────────────────

export const profiles = pgTable('profiles', {
  userId: userRef('user_id').primaryKey(),
  fullName: text('full_name').notNull(),
  age: integer('age'),
  location: text('location'),
  photoUrl: text('photo_url'),
  avatarUrl: text('avatar_url'),
  country: text('country'),
  countryCode: text('country_code').notNull().default('SI'),
  lastActive: timestamp('last_active', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Every place the pickers offer, with its coordinates (src/data/coordinates.ts; written by migration 0013).
 * A GiST index on `ll_to_earth(lat, lon)` (extensions cube and earthdistance) finds the places within a
 * distance; it is created in the migration's hand-written part, after the extensions.
 */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    countryCode: text('country_code').notNull(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [uniqueIndex('places_country_name_idx').on(t.countryCode, t.name)],
);

export const dogProfiles = pgTable(
  'dog_profiles',
  {
    id: id(),
    userId: userRef('user_id'),
    name: text('name').notNull(),
    breed: text('breed').notNull(),
    /** The first day of the month the dog was born (its age is counted from it: src/domain/dog-age.ts). */
    bornOn: date('born_on', { mode: 'string' }).notNull(),
    /** No default: owners choose it (issue 30). */
    gender: dogGender('gender').notNull(),
    location: text('location').notNull(),
    originCountry: text('origin_country').default('SI'),
    description: text('description'),
    traits: text('traits')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Upload keys; the first is the main photo. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    weight: numeric('weight', { precision: 5, scale: 1, mode: 'number' }),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Issue 20: what owners ask before a playdate; null where not said. */
    size: dogSize('size'),
    energy: dogEnergy('energy'),
    playStyle: playStyle('play_style'),
    vaccinated: boolean('vaccinated'),
    neutered: boolean('neutered'),
    goodWithSmallDogs: boolean('good_with_small_dogs'),
    /** The listed place (`origin_country`, `location`) with coordinates; null for a free-text place abroad. */
    placeId: integer('place_id').references(() => places.id),
    /** A random place in the deck's shuffled order (see services/matching/deck.ts). */
    shuffleKey: doublePrecision('shuffle_key')
      .notNull()
      .default(sql`random()`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dog_profiles_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('dog_profiles_shuffle_idx').on(t.shuffleKey),
    index('dog_profiles_place_shuffle_idx').on(t.placeId, t.shuffleKey),
    // The deck's dogs changed since a user's walk passed them (services/matching/deck.ts).
    index('dog_profiles_updated_idx').on(t.updatedAt),
    check('dog_profiles_born_on_month', sql`extract(day from ${t.bornOn}) = 1`),
    check(
      'dog_profiles_description_len',
      sql`char_length(${t.description}) <= ${sql.raw(String(LIMITS.dogDescription.max))}`,
    ),
  ],
);

export const swipes = pgTable(
  'swipes',
  {
    userId: userRef('user_id'),
    dogId: uuid('dog_id')
      .notNull()
      .references(() => dogProfiles.id, { onDelete: 'cascade' }),
    /** The swiper's own dog the like or pass was made with (DECISIONS 2). */
    fromDogId: uuid('from_dog_id').references(() => dogProfiles.id, { onDelete: 'set null' }),
    liked: boolean('liked').notNull(),
    rejectedUntil: timestamp('rejected_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dogId] }),
    index('swipes_dog_idx').on(t.dogId),
    // The last passes (undo) and the dogs I liked, newest first.
    index('swipes_user_liked_created_idx').on(t.userId, t.liked, t.createdAt),
  ],
);

/** A user's deck filters (issue 20), remembered across visits and devices; no row: the defaults. */
export const deckFilters = pgTable('deck_filters', {
  userId: userRef('user_id').primaryKey(),
  filters: jsonb('filters').$type<DeckFilters>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * How far a user's deck has walked one distance bucket around one place with one set of filters
 * (services/matching/deck-positions.ts): every dog of the bucket before `position` in the user's order was swiped, or
 * left out by the filters `filters_key` stands for, when the walk passed it. Dogs changed since `checked_at`
 * are looked at again.
 */
export const deckPositions = pgTable(
  'deck_positions',
  {
    userId: userRef('user_id'),
    fromPlaceId: integer('from_place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    bucket: integer('bucket').notNull(),
    filtersKey: text('filters_key').notNull(),
    position: doublePrecision('position').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fromPlaceId, t.bucket, t.filtersKey] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    seq: seq(),
    dogId: uuid('dog_id').references(() => dogProfiles.id, { onDelete: 'cascade' }),
    /** The liker's dog (DECISIONS 2). */
    fromDogId: uuid('from_dog_id').references(() => dogProfiles.id, { onDelete: 'cascade' }),
    /** Recipient. */
    ownerId: userRef('owner_id'),
    /** Sender (the liker); null for system notices. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: notificationStatus('status').notNull().default('unread'),
    notificationType: notificationType('notification_type').notNull().default('request'),
    relatedNotificationId: uuid('related_notification_id').references((): AnyPgColumn => notifications.id, {
      onDelete: 'set null',
    }),
    /** Free text for system notices, e.g. the title of a cancelled event. */
    detail: text('detail'),
    /** The moderator's decision a 'moderation' or 'report_decision' notice is about. */
    actionId: uuid('action_id').references((): AnyPgColumn => moderationActions.id, { onDelete: 'cascade' }),
    /** The event an event notice (changed, reminder, seat, approval …) is about. */
    eventId: uuid('event_id').references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    /** A reminder: the start it reminds of (one reminder of each kind per start, however often it is sent). */
    eventStartsAt: timestamp('event_starts_at', { withTimezone: true }),
    /** An event_changed notice: what moved, with the new values. */
    eventChanges: jsonb('event_changes').$type<EventChanges>(),
    /** The lost-dog alert a 'lost_sighting' notice is about. */
    lostAlertId: uuid('lost_alert_id').references((): AnyPgColumn => lostAlerts.id, { onDelete: 'cascade' }),
    /** Handed to the push channel (sent, or not the recipient's choice): each notice is pushed at most once. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_owner_seq_idx').on(t.ownerId, t.seq),
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    uniqueIndex('notifications_one_request_idx')
      .on(t.userId, t.dogId)
      .where(sql`${t.notificationType} = 'request'`),
    // Reminders are sent exactly once per person, kind and start, whichever instance or retry sends them.
    uniqueIndex('notifications_one_reminder_idx')
      .on(t.ownerId, t.eventId, t.notificationType, t.eventStartsAt)
      .where(sql`${t.eventStartsAt} is not null`),
  ],
);

export const chats = pgTable(
  'chats',
  {
    id: id(),
    /** The dog's owner; their chats go with their account. */
    ownerId: userRef('owner_id'),
    /** The other party; null once that account is deleted ('Deleted User', read-only). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The owner's dog; null in a chat about a found dog (no profile), where `ownerId` is its finder. */
    dogId: uuid('dog_id').references(() => dogProfiles.id, { onDelete: 'cascade' }),
    /**
     * The other party's dog: a chat belongs to one pair of dogs. Null for a chat whose other dog is gone
     * (with its account, DECISIONS 5, the chat stays for the owner).
     */
    otherDogId: uuid('other_dog_id').references(() => dogProfiles.id, { onDelete: 'set null' }),
    chatName: text('chat_name').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    unreadCountOwner: integer('unread_count_owner').notNull().default(0),
    unreadCountUser: integer('unread_count_user').notNull().default(0),
    /** Hidden from one side's list ("hide chat") until the next message. */
    hiddenByOwner: boolean('hidden_by_owner').notNull().default(false),
    hiddenByUser: boolean('hidden_by_user').notNull().default(false),
    /**
     * A chat about a lost dog (issue 33 §6): its owner (`ownerId`, `dogId` the lost dog) and someone who saw
     * it (`userId`, no dog of theirs), not a match; or about a found dog: its finder (`ownerId`, no dog) and
     * who may be its owner (`userId`). It goes with the alert.
     */
    lostAlertId: uuid('lost_alert_id').references((): AnyPgColumn => lostAlerts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One chat per pair of dogs, whoever liked first. A chat whose other dog is gone is out of it: a dog
    // whose two partners' account was deleted keeps both chats.
    uniqueIndex('chats_dogs_idx')
      .on(sql`least(${t.dogId}, ${t.otherDogId})`, sql`greatest(${t.dogId}, ${t.otherDogId})`)
      .where(sql`${t.otherDogId} is not null`),
    // One chat per lost-dog alert and helper.
    uniqueIndex('chats_lost_idx')
      .on(t.lostAlertId, t.userId)
      .where(sql`${t.lostAlertId} is not null`),
    index('chats_owner_last_idx').on(t.ownerId, t.lastMessageAt.desc()),
    index('chats_user_last_idx').on(t.userId, t.lastMessageAt.desc()),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    seq: seq(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    content: text('content').notNull(),
    messageType: messageType('message_type').notNull().default('text'),
    fingerprint: fingerprint(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_chat_seq_idx').on(t.chatId, t.seq),
    // The sender's messages of the last day (anti-spam: counts, fingerprints), and theirs at all (account
    // deletion).
    index('chat_messages_sender_created_idx').on(t.senderId, t.createdAt),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: id(),
    user1Id: userRef('user1_id'),
    user2Id: userRef('user2_id'),
    dog1Id: uuid('dog1_id')
      .notNull()
      .references(() => dogProfiles.id, { onDelete: 'cascade' }),
    dog2Id: uuid('dog2_id')
      .notNull()
      .references(() => dogProfiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One row per pair of dogs, whichever liked first.
    uniqueIndex('matches_dogs_idx').on(
      sql`least(${t.dog1Id}, ${t.dog2Id})`,
      sql`greatest(${t.dog1Id}, ${t.dog2Id})`,
    ),
    index('matches_user1_idx').on(t.user1Id),
    index('matches_user2_idx').on(t.user2Id),
  ],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    userId: userRef('user_id'),
    title: text('title').notNull(),
    description: text('description'),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    /** HH:MM, 24 h. */
    eventTime: text('event_time').notNull(),
    /** event_date + event_time in Europe/Ljubljana, for "upcoming" queries. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** How long it lasts (calendars show its end); two hours unless the organiser says otherwise. */
    durationMinutes: integer('duration_minutes').notNull().default(LIMITS.eventDuration.defaultMinutes),
    locationName: text('location_name').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    maxAttendees: integer('max_attendees').notNull().default(LIMITS.eventAttendees.default),
    /** The creator's seat and every attendee's with one (services/events/attendance.ts keeps it). */
    currentAttendees: integer('current_attendees').notNull().default(1),
    eventType: eventType('event_type').notNull().default('meetup'),
    imageUrl: text('image_url'),
    /** The occurrences of one recurring series share it; null for a one-off event. */
    seriesId: uuid('series_id'),
    /** Joiners wait for the organiser's approval. */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** What the search box looks through, in one lower-case text (one LIKE instead of four ILIKEs). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(title || ' ' || coalesce(description, '') || ' ' || city || ' ' || location_name)`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_starts_idx').on(t.startsAt, t.id),
    // Trigram index: the search box's LIKE '%…%' without reading every event (extension pg_trgm).
    index('events_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('events_user_starts_idx').on(t.userId, t.startsAt),
    // The "nearby" filter: one place's upcoming events.
    index('events_place_starts_idx').on(t.country, t.city, t.startsAt),
    index('events_series_starts_idx')
      .on(t.seriesId, t.startsAt)
      .where(sql`${t.seriesId} is not null`),
    check(
      'events_duration_range',
      sql`${t.durationMinutes} between ${sql.raw(String(LIMITS.eventDuration.minMinutes))} and ${sql.raw(String(LIMITS.eventDuration.maxMinutes))}`,
    ),
    check(
      'events_max_attendees_range',
      sql`${t.maxAttendees} between ${sql.raw(String(LIMITS.eventAttendees.min))} and ${sql.raw(String(LIMITS.eventAttendees.max))}`,
    ),
    check('events_attendees_cap', sql`${t.currentAttendees} between 0 and ${t.maxAttendees}`),
  ],
);

export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** Only `going` rows hold a seat (counted in events.current_attendees, with the creator's). */
    status: attendanceStatus('status').notNull().default('going'),
    /** When they joined, or joined the waitlist or asked: the waitlist's order. */
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_attendees_event_user_idx').on(t.eventId, t.userId),
    index('event_attendees_user_idx').on(t.userId),
    index('event_attendees_event_status_idx').on(t.eventId, t.status, t.joinedAt),
  ],
);

/** An event's chat: its organiser and attendees read and write (issue 21). */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: id(),
    seq: seq(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    content: text('content').notNull(),
    fingerprint: fingerprint(),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_messages_event_seq_idx').on(t.eventId, t.seq),
    // As chat_messages_sender_created_idx; and the sender's rate (the newest of the last hour).
    index('event_messages_sender_created_idx').on(t.senderId, t.createdAt),
  ],
);

/**
 * How far a member has read an event's chat (its newest seq they have seen), so a push about messages read
 * meanwhile is not sent and the summary e-mail counts only unread ones.
 */
export const eventChatReads = pgTable(
  'event_chat_reads',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** A user's private calendar feed: only the SHA-256 of its secret token; a new token replaces the old. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: userRef('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

export const adminUpdates = pgTable(
  'admin_updates',
  {
    id: id(),
    seq: seq(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updateType: updateType('update_type').notNull().default('general'),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('admin_updates_active_created_idx').on(t.isActive, t.createdAt.desc()),
    index('admin_updates_seq_idx').on(t.seq),
  ],
);

/**
 * Who an announcement's delivery has handled (pushed, mailed or passed over in quiet hours): a delivery that
 * stopped (an instance killed) continues with the others instead of pushing to everyone again. Kept a month.
 */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => adminUpdates.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/** Every stored photo, owned by its uploader; unattached ones are removed after 24 h. */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    ownerId: userRef('owner_id'),
    kind: uploadKind('kind').notNull(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
  ],
);

/** Users who asked to hear when the shop opens (one row each). */
export const shopWishes = pgTable('shop_wishes', {
  userId: userRef('user_id').primaryKey(),
  createdAt: createdAt(),
});

// ── Safety (blocks, reports, moderation) ─────────────────────────────────────────────────────────

/** `blocker` blocked `blocked`: the two never see each other again, either way round. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/**
 * A notice of content someone considers against the rules (DSA Art. 16): the exact item, the reason, the
 * reporter's contact, and a snapshot of the item as reported, kept when its author deletes it.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    contactEmail: text('contact_email'),
    reason: reportReason('reason').notNull(),
    details: text('details'),
    targetType: reportTarget('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The author of the reported item (the user themselves for a user report). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').notNull(),
    status: reportStatus('status').notNull().default('open'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/** The audit log: every moderator action, with the statement of reasons sent to the user it affects. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: moderationAction('action').notNull(),
    statement: text('statement').notNull(),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt.desc())],
);

/** The affected user's appeal of a decision; one per decision. */
export const appeals = pgTable('appeals', {
  id: id(),
  actionId: uuid('action_id')
    .notNull()
    .unique()
    .references(() => moderationActions.id, { onDelete: 'cascade' }),
  userId: userRef('user_id'),
  text: text('text').notNull(),
  status: appealStatus('status').notNull().default('open'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ── Notifications away from the app (issue 19) ──────────────────────────────────────────────────

/** A user's channel per topic and quiet hours; no row means the defaults (DEFAULT_CHANNELS, no quiet hours). */
export const notifySettings = pgTable('notify_settings', {
  userId: userRef('user_id').primaryKey(),
  channels: jsonb('channels').$type<NotifyChannels>().notNull(),
  quietFrom: text('quiet_from'),
  quietTo: text('quiet_to'),
  timeZone: text('time_zone').notNull().default('Europe/Ljubljana'),
  /** Topics whose e-mail an unsubscribe link turned off: their pushes go on, with no e-mail instead. */
  emailOff: jsonb('email_off').$type<NotifyTopic[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

/** A browser's Web Push subscription; removed when its push service says it is gone (404/410). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Keys the server makes for itself on first start (VAPID, the unsubscribe links' secret), shared by instances. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ── Dog places (issue 33) ───────────────────────────────────────────────────────────────────────

/**
 * A place for dogs at a point: a park, a trail, a vet… Its author's (kept when the account goes: the place is
 * everyone's); `pending` until a moderator publishes a new account's place. A GiST index on
 * `ll_to_earth(lat, lon)` of the published places finds those within a distance (migration 0020, by hand).
 */
export const spots = pgTable(
  'spots',
  {
    id: id(),
    kind: spotKind('kind').notNull(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    /** The town, a place name of the pickers. */
    location: text('location').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    description: text('description'),
    amenities: spotAmenity('amenities')
      .array()
      .notNull()
      .default(sql`'{}'`),
    leashRule: leashRule('leash_rule'),
    hours: jsonb('hours').$type<OpeningHours>(),
    emergency: boolean('emergency').notNull().default(false),
    /** Upload keys, the first the main photo. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'`),
    authorId: uuid('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    status: spotStatus('status').notNull(),
    /** A place of the demo set (DECISIONS 12): shown as such. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('spots_author_idx').on(t.authorId),
    index('spots_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** An owner's rating of a place (1–5) and tip: one per owner and place, replaced by the next. */
export const spotReviews = pgTable(
  'spot_reviews',
  {
    spotId: uuid('spot_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    rating: integer('rating').notNull(),
    tip: text('tip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.spotId, t.userId] }),
    index('spot_reviews_user_idx').on(t.userId),
    index('spot_reviews_spot_updated_idx').on(t.spotId, t.updatedAt.desc()),
    check('spot_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A change an owner suggests to a place (issue 33 §2): the fields that differ from the place as it was, for a
 * moderator to apply or turn down. One waiting suggestion per owner and place (a newer one replaces it).
 */
export const spotSuggestions = pgTable(
  'spot_suggestions',
  {
    id: id(),
    spotId: uuid('spot_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    changes: jsonb('changes').$type<Partial<SuggestedValues>>().notNull(),
    note: text('note'),
    status: suggestionStatus('status').notNull().default('open'),
    decidedBy: uuid('decided_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('spot_suggestions_open_idx')
      .on(t.spotId, t.userId)
      .where(sql`status = 'open'`),
    index('spot_suggestions_queue_idx')
      .on(t.createdAt)
      .where(sql`status = 'open'`),
    index('spot_suggestions_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * "We're here now" (issue 33 §4): an owner at a place with some of their dogs until `ends_at` (checking out
 * sets it to the moment). One open check-in per owner: a new one ends the last. The client makes the id, so
 * a retried check-in is stored once. Kept a day after it ends (the day's cap counts them), then purged.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey(),
    spotId: uuid('spot_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** Who sees which dogs: the owner's matches, or every signed-in owner; everyone else, a count. */
    audience: checkInAudience('audience').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('check_ins_spot_ends_idx').on(t.spotId, t.endsAt),
    index('check_ins_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** The dogs of a check-in (a dog deleted meanwhile leaves it). */
export const checkInDogs = pgTable(
  'check_in_dogs',
  {
    checkInId: uuid('check_in_id')
      .notNull()
      .references(() => checkIns.id, { onDelete: 'cascade' }),
    dogId: uuid('dog_id')
      .notNull()
      .references(() => dogProfiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.checkInId, t.dogId] }), index('check_in_dogs_dog_idx').on(t.dogId)],
);

/**
 * A lost dog (issue 33 §5–8): where and when it was last seen, how far around owners are told. One open alert
 * per dog (the partial unique index); it ends found, or closed when it expires (`expires_at`, renewable) or
 * its owner takes it back.
 */
export const lostAlerts = pgTable(
  'lost_alerts',
  {
    id: uuid('id').primaryKey(),
    userId: userRef('user_id'),
    kind: lostAlertKind('kind').notNull().default('lost'),
    /** The lost dog; null for a found dog, which has no profile (its `looks` and `photo` stand for it). */
    dogId: uuid('dog_id').references(() => dogProfiles.id, { onDelete: 'cascade' }),
    looks: text('looks'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** The listed town nearest the point (none within 15 km: null), named in pushes and lists. */
    town: text('town'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    note: text('note'),
    /** An upload (kind `lost`) the owner took for the alert; null: the dog's profile photo shows. */
    photo: text('photo'),
    radiusKm: integer('radius_km').notNull(),
    status: lostAlertStatus('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lost_alerts_open_dog_idx')
      .on(t.dogId)
      .where(sql`status = 'open'`),
    index('lost_alerts_user_created_idx').on(t.userId, t.createdAt),
    index('lost_alerts_status_expires_idx').on(t.status, t.expiresAt),
    check(
      'lost_alerts_kind_check',
      sql`(kind = 'lost' and dog_id is not null) or (kind = 'found' and dog_id is null and looks is not null and photo is not null)`,
    ),
  ],
);

/**
 * Someone saw a lost dog (issue 33 §6): where and when, a note and a photo (an upload of kind `lost`). Its owner
 * hears of it (a 'lost_sighting' notice) and sees the sightings on the alert's map in time order.
 */
export const lostSightings = pgTable(
  'lost_sightings',
  {
    id: uuid('id').primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => lostAlerts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** The listed town nearest the point (none within 15 km: null). */
    town: text('town'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    note: text('note'),
    photo: text('photo'),
    createdAt: createdAt(),
  },
  (t) => [
    index('lost_sightings_alert_seen_idx').on(t.alertId, t.seenAt),
    index('lost_sightings_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Each owner told of an alert, recorded once their push or e-mail has gone: a delivery that stopped goes on
 * with the others, a widened radius tells only the new ones, and "found" goes to exactly these
 * (`found_told_at` once told).
 */
export const lostAlertDeliveries = pgTable(
  'lost_alert_deliveries',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => lostAlerts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    channel: lostAlertChannel('channel').notNull(),
    foundToldAt: timestamp('found_told_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
);
