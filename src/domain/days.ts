/** A day in milliseconds: the rolling days of limits, lifetimes and retention periods. */
export const DAY_MS = 86_400_000;

/** The moment `days` rolling days before `now` (ms since the epoch or a Date). */
export function daysBefore(now: number | Date, days: number): Date {
  return new Date(+now - days * DAY_MS);
}
