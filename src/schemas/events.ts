import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../data/countries';
import { addDays, isAhead, lastEventDate } from '../domain/event-time';
import { ATTENDANCE_STATUSES, REPEAT_WEEKS, type RepeatWeeks, SERIES_SCOPES } from '../domain/events';
import { LIMITS } from '../limits';
import { countryCodeSchema, idSchema, intInRange, optionalText, placeIn } from './common';
import { ONE_LINE_MESSAGE, oneLine } from './text';
import { photoSchema, uploadKeySchema } from './uploads';

export const EVENT_TYPES = ['playdate', 'training', 'meetup', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** DECISIONS 8: my events, nearby (my profile's city, else its country), this week, next week. */
export const EVENT_FILTERS = ['mine', 'nearby', 'thisWeek', 'nextWeek'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];

export const eventListInput = z
  .object({
    type: z.enum(EVENT_TYPES).optional(),
    filter: z.enum(EVENT_FILTERS).optional(),
    search: z.string().trim().max(LIMITS.event.searchMax).optional(),
    /** The last event of the previous page (pages of LIMITS.event.pageSize). */
    cursor: idSchema.optional(),
  })
  .optional();

export const eventIdInput = z.object({ id: idSchema });
export const attendeesInput = z.object({ eventId: idSchema });

/** Join; when the event is full, `waitlist` asks for a place in line instead of the refusal EVENT_FULL. */
export const joinInput = z.object({ id: idSchema, waitlist: z.boolean().default(false) });

/** Cancel this occurrence of a series, or every upcoming one. */
export const eventRemoveInput = z.object({ id: idSchema, scope: z.enum(SERIES_SCOPES).default('one') });

/** The organiser about one person of their event: remove them; approve or decline a request to join. */
export const attendeeInput = z.object({ eventId: idSchema, userId: idSchema });
export const decideInput = attendeeInput.extend({ approve: z.boolean() });

/** My past events (created or attended), newest first; `cursor`: the last event of the previous page. */
export const pastEventsInput = z.object({ cursor: idSchema.optional() }).optional();

/** The event chat: a page of messages before `cursor` (a message's seq), a message to send. */
export const eventChatMessagesInput = z.object({
  eventId: idSchema,
  cursor: z.number().int().positive().nullish(),
});

/** The reader has seen the event's chat up to this message (its seq). */
export const eventChatReadInput = z.object({ eventId: idSchema, seq: z.number().int().positive() });

const { minMinutes, maxMinutes } = LIMITS.eventDuration;
const eventDuration = intInRange({ min: minMinutes, max: maxMinutes }, 'validation.eventDurationRange');

const eventFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'validation.eventTitleRequired')
    .max(LIMITS.event.titleMax, 'validation.eventTitleTooLong')
    .refine(oneLine, ONE_LINE_MESSAGE),
  description: optionalText(LIMITS.event.descriptionMax, 'validation.descriptionTooLong'),
  /** YYYY-MM-DD, a day in Ljubljana, at most a year ahead. */
  eventDate: z.iso.date('validation.eventDateRequired').refine((date) => date <= lastEventDate(), {
    message: 'validation.eventDateTooFar',
    params: { days: LIMITS.event.maxDaysAhead },
  }),
  /** HH:MM, 24 h. */
  eventTime: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.eventTimeFormat'),
  /** How long it lasts, in minutes (its calendar end); left out of an update, each occurrence keeps its own. */
  durationMinutes: eventDuration
    .optional()
    .describe(
      `Minutes the event lasts (${minMinutes}–${maxMinutes}); left out, each occurrence keeps its own.`,
    ),
  locationName: z
    .string()
    .trim()
    .min(1, 'validation.eventLocationRequired')
    .max(LIMITS.event.locationNameMax, 'validation.eventLocationTooLong')
    .refine(oneLine, ONE_LINE_MESSAGE),
  country: countryCodeSchema.default(DEFAULT_COUNTRY),
  /** A city of `country` (any language's name, stored under its Slovenian one). */
  location: z.string().trim().max(LIMITS.location.max, 'validation.locationInvalid'),
  maxAttendees: intInRange(LIMITS.eventAttendees, 'validation.eventAttendeesRange').default(
    LIMITS.eventAttendees.default,
  ),
  eventType: z.enum(EVENT_TYPES).default('meetup'),
  /** The image's upload key; null or absent: none (on update, the current key keeps it). */
  imageKey: uploadKeySchema.nullish().transform((key) => key ?? null),
  /** Joiners wait for the organiser's approval. */
  requiresApproval: z.boolean().default(false),
});

type EventFields = z.output<typeof eventFields>;

/**
 * A recurring series: every `repeatWeeks` weeks (1 or 2; null: a one-off event) up to `repeatUntil`, at most
 * LIMITS.event.seriesMaxDays after the first date.
 */
const repeatFields = {
  repeatWeeks: z
    .union(REPEAT_WEEKS.map((weeks) => z.literal(weeks)))
    .nullish()
    .transform((weeks) => weeks ?? null),
  repeatUntil: z.iso.date('validation.repeatUntilRequired').nullish(),
};

type Repeat = { repeatWeeks: RepeatWeeks | null; repeatUntil?: string | null | undefined };

/** The series' last date is after its first, within the series' reach and a year from today. */
function repeatInRange<T extends EventFields & Repeat>(event: T, ctx: z.RefinementCtx) {
  const { repeatWeeks, repeatUntil, ...fields } = event;
  if (!repeatWeeks) return { ...fields, repeat: null };
  const last = addDays(event.eventDate, LIMITS.event.seriesMaxDays);
  if (repeatUntil && repeatUntil > event.eventDate && repeatUntil <= last && repeatUntil <= lastEventDate())
    return { ...fields, repeat: { everyWeeks: repeatWeeks, until: repeatUntil } };
  ctx.addIssue({
    code: 'custom',
    message: repeatUntil ? 'validation.repeatUntilRange' : 'validation.repeatUntilRequired',
    params: { days: LIMITS.event.seriesMaxDays },
    path: ['repeatUntil'],
  });
  return z.NEVER;
}

/** Date and time together must be in the future (Ljubljana time). */
function inFuture(event: EventFields, ctx: z.RefinementCtx): EventFields {
  if (isAhead(event.eventDate, event.eventTime)) return event;
  ctx.addIssue({ code: 'custom', message: 'validation.eventInPast', path: ['eventTime'] });
  return z.NEVER;
}

const withPlace = placeIn<EventFields>((event) => event.country, true);

export const eventCreateInput = eventFields
  .extend({
    ...repeatFields,
    durationMinutes: eventDuration
      .default(LIMITS.eventDuration.defaultMinutes)
      .describe(`Minutes the event lasts (${minMinutes}–${maxMinutes}); two hours when left out.`),
  })
  .transform((value, ctx) => ({
    ...withPlace(value, ctx),
    repeatWeeks: value.repeatWeeks,
    repeatUntil: value.repeatUntil,
  }))
  .transform((value, ctx) => ({
    ...inFuture(value, ctx),
    repeatWeeks: value.repeatWeeks,
    repeatUntil: value.repeatUntil,
  }))
  .transform(repeatInRange);
/** `scope` 'series': the changes apply to every upcoming occurrence (a new date moves each by as many days). */
export const eventUpdateInput = eventFields
  .extend({ id: idSchema, scope: z.enum(SERIES_SCOPES).default('one') })
  .transform((value, ctx) => ({ ...withPlace(value, ctx), id: value.id, scope: value.scope }))
  .transform((value, ctx) => ({ ...inFuture(value, ctx), id: value.id, scope: value.scope }));

export type EventCreateInput = z.input<typeof eventCreateInput>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/** An event as every events procedure returns it (list, past, byId, create, update, join, leave). */
export const eventView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** YYYY-MM-DD and HH:MM, Ljubljana's wall clock. */
  eventDate: z.string(),
  eventTime: z.string(),
  startsAt: z.date(),
  /** How long it lasts (LIMITS.eventDuration): it ends this many minutes after `startsAt`. */
  durationMinutes: z.number(),
  locationName: z.string(),
  /** ISO 3166-1 alpha-2 code. */
  country: z.string(),
  city: z.string(),
  maxAttendees: z.number(),
  currentAttendees: z.number(),
  eventType: z.enum(EVENT_TYPES),
  image: photoSchema.nullable(),
  imageKey: z.string().nullable(),
  creator: z.object({ userId: z.string(), fullName: z.string(), photo: photoSchema.nullable() }),
  isMine: z.boolean(),
  /** I hold a seat (my status is going). */
  isAttending: z.boolean(),
  /** Where I stand: null when I neither created nor joined it (the creator's is null too). */
  myStatus: z.enum(ATTENDANCE_STATUSES).nullable(),
  /** My place on the waitlist, 1 = next; null when I am not waiting. */
  waitlistPosition: z.number().nullable(),
  /** The occurrences of one recurring series share it. */
  seriesId: z.string().nullable(),
  requiresApproval: z.boolean(),
  /** Messages in the event's chat I have not read (0 when I am not in it). */
  unreadMessages: z.number(),
});
export type EventView = z.infer<typeof eventView>;

/** One of an event's people: the creator first, then the others in their order (events.attendees). */
export const attendeeView = z.object({
  /** Null, with no name or photo, for someone hidden from the viewer (a block either way, a suspension). */
  userId: z.string().nullable(),
  fullName: z.string(),
  photo: photoSchema.nullable(),
  joinedAt: z.date(),
  isCreator: z.boolean(),
  /** going for the creator; waiting and pending rows only the organiser sees. */
  status: z.enum(ATTENDANCE_STATUSES).exclude(['removed']),
});
export type Attendee = z.infer<typeof attendeeView>;

/** The organiser's attendee list as a CSV file: its suggested name and its text. */
export const attendeeCsvView = z.object({ filename: z.string(), csv: z.string() });

/** Whether I have a private calendar feed, and since when (null: none). */
export const calendarFeedStatusView = z.object({ createdAt: z.date().nullable() });

/** A new calendar feed: its secret address, once (and as webcal: for calendar apps). */
export const calendarFeedView = z.object({ url: z.string(), webcal: z.string(), createdAt: z.date() });
