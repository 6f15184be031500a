import { DAY_MS } from './days';
import { LIMITS } from '../limits';

/**
 * Event dates and times are wall-clock times in Slovenia (DECISIONS 8): this turns them into instants and
 * finds the Monday-based weeks, in Europe/Ljubljana whatever the machine's own zone is.
 */
export const EVENT_TIME_ZONE = 'Europe/Ljubljana';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: EVENT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
});

/** The wall clock in Ljubljana at `instant`. */
function wallClock(instant: Date) {
  const all = parts.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => all.find((part) => part.type === type)!.value;
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')),
  };
}

/** Ljubljana's offset from UTC at `instant`, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(instant: Date): number {
  const c = wallClock(instant);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of `date` (YYYY-MM-DD) at `time` (HH:MM) in Ljubljana. */
export function eventInstant(date: string, time = '00:00'): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess, then at the corrected instant (they differ only around a DST change).
  const first = naive - offsetAt(new Date(naive));
  return new Date(naive - offsetAt(new Date(first)));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date (YYYY-MM-DD) and time (HH:MM) in Ljubljana at `instant`, as events and their forms write them. */
export function inLjubljana(instant: Date): { date: string; time: string } {
  const c = wallClock(instant);
  return { date: `${c.year}-${pad(c.month)}-${pad(c.day)}`, time: `${pad(c.hour)}:${pad(c.minute)}` };
}

/** Today's date in Ljubljana as YYYY-MM-DD (the date picker's minimum). */
export function todayInLjubljana(now = new Date()): string {
  return inLjubljana(now).date;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The date `days` after today in Ljubljana, YYYY-MM-DD (negative: before). */
export function dateInDays(days: number, now = new Date()): string {
  return addDays(todayInLjubljana(now), days);
}

/** The last day an event may be on (the date picker's maximum): LIMITS.event.maxDaysAhead after today. */
export function lastEventDate(now = new Date()): string {
  return dateInDays(LIMITS.event.maxDaysAhead, now);
}

/** This week (from now to next Monday 00:00) and next week (the seven days after), Monday-based. */
export function eventWeeks(now = new Date()) {
  const today = todayInLjubljana(now);
  const nextMonday = addDays(today, 7 - wallClock(now).weekday);
  return {
    thisWeek: { from: now, to: eventInstant(nextMonday) },
    nextWeek: { from: eventInstant(nextMonday), to: eventInstant(addDays(nextMonday, 7)) },
  };
}

/** Whether an event on `date` at `time` (Ljubljana) is still ahead: the one rule for form and server. */
export const isAhead = (date: string, time: string, now = Date.now()) =>
  eventInstant(date, time).getTime() > now;

/**
 * The dates of a series starting on `first` (YYYY-MM-DD), every `everyWeeks` weeks, up to and including
 * `until`: the first date always.
 */
export function seriesDates(first: string, everyWeeks: number, until: string): string[] {
  const dates = [first];
  for (let next = addDays(first, 7 * everyWeeks); next <= until; next = addDays(next, 7 * everyWeeks))
    dates.push(next);
  return dates;
}

/** Whole days from `from` to `to` (YYYY-MM-DD; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
