import { useEffect, useState } from 'react';

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
