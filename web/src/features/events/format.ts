import type { IntlShape } from 'react-intl';
import { EVENT_TIME_ZONE } from '#shared/domain/event-time';
import { longDate as spelledOut } from '#shared/domain/long-date';
import type { Locale } from '#shared/i18n';

/*
 * Event dates are days in Ljubljana (DECISIONS 8), so they are shown in that zone whatever the browser's
 * own is, in the UI language's style ('pet., 13. 6. 2025' in Slovenian).
 */

/** 'pet., 13. 6. 2025': cards. */
export const shortDate = (intl: IntlShape, startsAt: Date) =>
  intl.formatDate(startsAt, {
    timeZone: EVENT_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  });

/** 'petek, 13. junija 2025' (the month in the genitive): the detail dialog. */
export const longDate = (locale: Locale, startsAt: Date) =>
  spelledOut(startsAt, locale, { timeZone: EVENT_TIME_ZONE, weekday: true });

/** The day of the month and the short month, for the calendar tile on a card: ['13', 'jun.']. */
export function dayAndMonth(intl: IntlShape, startsAt: Date): [string, string] {
  const day = intl.formatDate(startsAt, { timeZone: EVENT_TIME_ZONE, day: 'numeric' });
  const month = intl.formatDate(startsAt, { timeZone: EVENT_TIME_ZONE, month: 'short' });
  return [day.replace(/\.$/, ''), month];
}

/** A moment (a join time) as date and HH:MM in Ljubljana. */
export function dateAndTime(intl: IntlShape, moment: Date) {
  return {
    date: intl.formatDate(moment, {
      timeZone: EVENT_TIME_ZONE,
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
    }),
    time: intl.formatTime(moment, {
      timeZone: EVENT_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
  };
}

/** How long an event lasts in the UI language: "30 minut", "1 ura in 30 minut", "2 uri". */
export function durationLabel(intl: IntlShape, minutes: number): string {
  const unit = (value: number, of: 'hour' | 'minute') =>
    intl.formatNumber(value, { style: 'unit', unit: of, unitDisplay: 'long' });
  const parts = [
    ...(minutes >= 60 ? [unit(Math.floor(minutes / 60), 'hour')] : []),
    ...(minutes % 60 ? [unit(minutes % 60, 'minute')] : []),
  ];
  return intl.formatList(parts, { type: 'unit' });
}

const clock = {
  timeZone: EVENT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

/** The day in Ljubljana, YYYY-MM-DD. */
const dayOf = (moment: Date) => moment.toLocaleDateString('en-CA', { timeZone: EVENT_TIME_ZONE });

/**
 * When it starts and ends in Ljubljana, "17:30–19:30"; past midnight the end names its day too,
 * "22:00 – ned., 14. 6., 02:00" (the start's day is the date shown beside it).
 */
export function timeRange(intl: IntlShape, startsAt: Date, durationMinutes: number): string {
  const end = new Date(startsAt.getTime() + durationMinutes * 60_000);
  if (dayOf(startsAt) === dayOf(end)) return intl.formatDateTimeRange(startsAt, end, clock);
  const endsOn = intl.formatDate(end, { ...clock, weekday: 'short', day: 'numeric', month: 'numeric' });
  return `${intl.formatTime(startsAt, clock)} – ${endsOn}`;
}
