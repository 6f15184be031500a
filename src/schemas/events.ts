import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../data/countries';
import { isAhead, lastEventDate } from '../domain/event-time';
import { LIMITS } from '../limits';
import { countryCodeSchema, idSchema, intInRange, optionalText, placeIn } from './common';
import { uploadKeySchema } from './uploads';

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

const eventFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'validation.eventTitleRequired')
    .max(LIMITS.event.titleMax, 'validation.eventTitleTooLong'),
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
  locationName: z
    .string()
    .trim()
    .min(1, 'validation.eventLocationRequired')
    .max(LIMITS.event.locationNameMax, 'validation.eventLocationTooLong'),
  country: countryCodeSchema.default(DEFAULT_COUNTRY),
  /** A city of `country` (any language's name, stored under its Slovenian one). */
  location: z.string().trim().max(LIMITS.location.max, 'validation.locationInvalid'),
  maxAttendees: intInRange(LIMITS.eventAttendees, 'validation.eventAttendeesRange').default(
    LIMITS.eventAttendees.default,
  ),
  eventType: z.enum(EVENT_TYPES).default('meetup'),
  /** The image's upload key; null or absent: none (on update, the current key keeps it). */
  imageKey: uploadKeySchema.nullish().transform((key) => key ?? null),
});

type EventFields = z.output<typeof eventFields>;

/** Date and time together must be in the future (Ljubljana time). */
function inFuture(event: EventFields, ctx: z.RefinementCtx): EventFields {
  if (isAhead(event.eventDate, event.eventTime)) return event;
  ctx.addIssue({ code: 'custom', message: 'validation.eventInPast', path: ['eventTime'] });
  return z.NEVER;
}

const withPlace = placeIn<EventFields>((event) => event.country, true);

export const eventCreateInput = eventFields.transform(withPlace).transform(inFuture);
export const eventUpdateInput = eventFields
  .extend({ id: idSchema })
  .transform((value, ctx) => ({ ...withPlace(value, ctx), id: value.id }))
  .transform((value, ctx) => ({ ...inFuture(value, ctx), id: value.id }));

export type EventCreateInput = z.input<typeof eventCreateInput>;
