/** An event's state as both the server's rules and the web's buttons read it. */

/** Every place is taken: nobody else may join (the creator holds a seat: SPEC's badge and list agree). */
export const isFull = (event: { currentAttendees: number; maxAttendees: number }): boolean =>
  event.currentAttendees >= event.maxAttendees;

/** Not yet started: only upcoming events are listed, joined, and count towards a creator's cap. */
export const isUpcoming = (event: { startsAt: Date }, now: number = Date.now()): boolean =>
  event.startsAt.getTime() > now;

/**
 * Where a user stands with an event they did not create. going: holds a seat (counted in
 * `current_attendees`); waiting: on the waitlist, first come first served; pending: asked to join an event
 * that needs the organiser's approval; removed: removed or declined by the organiser, cannot join again.
 */
export const ATTENDANCE_STATUSES = ['going', 'waiting', 'pending', 'removed'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Editing or cancelling an occurrence of a recurring series: this one only, or every upcoming one. */
export const SERIES_SCOPES = ['one', 'series'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

/** A recurring series repeats every week or every two weeks. */
export const REPEAT_WEEKS = [1, 2] as const;
export type RepeatWeeks = (typeof REPEAT_WEEKS)[number];

/**
 * Reminders before an event starts (issue 21): a day and an hour ahead, each a notice type of its own.
 * `hours`: how long before the start it is sent.
 */
export const EVENT_REMINDERS = [
  { type: 'event_reminder_day', hours: 24 },
  { type: 'event_reminder_hour', hours: 1 },
] as const;
export type EventReminderType = (typeof EVENT_REMINDERS)[number]['type'];

/** What a change notice tells: the fields that moved, with their new values (dates YYYY-MM-DD). */
export interface EventChanges {
  date?: string;
  time?: string;
  place?: string;
}

/**
 * A link to the place on OpenStreetMap: a search for the place's text (events carry no coordinates). Only a
 * link: no map tiles are loaded (CSP).
 */
export function mapLink(place: { locationName: string; city: string; countryName: string }): string {
  const query = [place.locationName, place.city, place.countryName].filter(Boolean).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** The query parameter of /events that opens one event's details (links from calendars and pushes). */
export const EVENT_PARAM = 'dogodek';

/** With EVENT_PARAM, this parameter opens the event's chat too. */
export const EVENT_CHAT_PARAM = 'klepet';

/** Where a push about an event's chat messages leads: the event, its chat open. */
export const eventChatPath = (eventId: string) => `/events?${EVENT_PARAM}=${eventId}&${EVENT_CHAT_PARAM}=1`;
