import type { IntlShape } from 'react-intl';
import { EVENT_TIME_ZONE } from '#shared/domain/event-time';

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

/** 'petek, 13. junij 2025': the detail dialog. */
export const longDate = (intl: IntlShape, startsAt: Date) =>
  intl.formatDate(startsAt, {
    timeZone: EVENT_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

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
