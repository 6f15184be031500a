import { useEffect, useState } from 'react';
import { DAY_MS } from '#shared/domain/days';
import type { IntlShape } from 'react-intl';

/** Steps from seconds up: each unit is `size` of the one before; a unit is used below its `limit`. */
const STEPS: { unit: Intl.RelativeTimeFormatUnit; size: number; limit: number }[] = [
  { unit: 'minute', size: 60, limit: 60 },
  { unit: 'hour', size: 60, limit: 24 },
  { unit: 'day', size: 24, limit: 7 },
  { unit: 'week', size: 7, limit: 4.35 },
  { unit: 'month', size: 4.35, limit: 12 },
  { unit: 'year', size: 12, limit: Infinity },
];

/** "pred 5 minutami", "včeraj", "vor 2 Wochen": `date` relative to `now`, in the language of `tag`. */
export function relativeTime(date: Date, now: number, tag: string): string {
  const format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  let value = (date.getTime() - now) / 1000;
  // Under a minute (or a clock a little ahead of ours) is "now".
  if (Math.abs(value) < 45) return format.format(0, 'second');
  for (const { unit, size, limit } of STEPS) {
    value /= size;
    if (Math.abs(Math.round(value)) < limit) return format.format(Math.round(value), unit);
  }
  return format.format(Math.round(value), 'year');
}

/** The current time, renewed every half minute, so relative times stay true while the list is open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The calendar day `date` falls on in `timeZone` (the device's when undefined), as a count of days. */
function dayNumber(date: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    ...(timeZone && { timeZone }),
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/**
 * When a chat message was sent, the same in every chat (pair and event): "Danes 19:09", "Včeraj 19:09", else
 * the date in the UI language's style ("12. 3. 19:09", with the year when not this one). In the reader's
 * time zone: the device's, unless `timeZone` says otherwise.
 */
export function messageStamp(intl: IntlShape, date: Date, now = new Date(), timeZone?: string): string {
  const zone = timeZone ? { timeZone } : {};
  const time = intl.formatTime(date, { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const daysAgo = dayNumber(now, timeZone) - dayNumber(date, timeZone);
  // A message a moment "ahead" (the sender's clock) is still today's.
  if (daysAgo <= 0) return `${intl.formatMessage({ id: 'chat.today' })} ${time}`;
  if (daysAgo === 1) return `${intl.formatMessage({ id: 'chat.yesterday' })} ${time}`;
  const thisYear = intl.formatDate(now, { ...zone, year: 'numeric' });
  const day = intl.formatDate(date, {
    ...zone,
    day: 'numeric',
    month: 'numeric',
    ...(intl.formatDate(date, { ...zone, year: 'numeric' }) !== thisYear && { year: 'numeric' }),
  });
  return `${day} ${time}`;
}
