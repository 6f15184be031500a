import { LIMITS } from '../limits';

/*
 * A dog's age (issue 30) is counted from its birth month, 'YYYY-MM' (stored as the first of that month), in
 * whole months: a dog born this month is 0 months old; from twelve months on it is told in whole years. Months
 * are counted as an index (year × 12 + month − 1) so the arithmetic is plain subtraction.
 */

/** A birth month as the API takes and gives it. */
export const BIRTH_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month index of 'YYYY-MM' (or of a 'YYYY-MM-DD' date). */
export function monthIndexOf(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return year * 12 + number - 1;
}

/** 'YYYY-MM' of a month index. */
export function monthOfIndex(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The current month on this device's clock (the web app: the owner's own month). */
export const localMonthIndex = (now = new Date()) => now.getFullYear() * 12 + now.getMonth();

/** The current month in UTC (the server's month: its deck filters and its stored dates). */
export const utcMonthIndex = (now = new Date()) => now.getUTCFullYear() * 12 + now.getUTCMonth();

/** The date a birth month is stored as: its first day. */
export const bornOnOf = (birthMonth: string) => `${birthMonth}-01`;

/** The birth month a legacy age in whole years stands for: that many years before `today`'s month. */
export const birthMonthForAge = (years: number, today: number) => monthOfIndex(today - years * 12);

/** How old a dog born in `birthMonth` is in `today`'s month: months below a year, whole years from then on. */
export function dogAge(birthMonth: string, today: number): { months: number } | { years: number } {
  const months = Math.max(0, today - monthIndexOf(birthMonth));
  return months < 12 ? { months } : { years: Math.floor(months / 12) };
}

/**
 * The birth months an owner may give in `today`'s month: from this month back to a dog LIMITS.dogAge.max
 * years old.
 */
export const birthMonthRange = (today: number) => ({
  earliest: today - LIMITS.dogAge.max * 12,
  latest: today,
});

/**
 * The same range as the server checks it: the month may already have begun somewhere (UTC+14) or not ended
 * yet (UTC−12), so an owner just past midnight on the first is never told their puppy is not born yet.
 */
export function acceptedBirthMonths(now = new Date()) {
  const hour = 3_600_000;
  return {
    earliest: birthMonthRange(utcMonthIndex(new Date(now.getTime() - 12 * hour))).earliest,
    latest: utcMonthIndex(new Date(now.getTime() + 14 * hour)),
  };
}

/**
 * The birth months a deck filter of ageMin…ageMax whole years lets through in `today`'s month, as the first
 * days to compare `born_on` with (undefined: no bound on that side). `ageMax` is the oldest age and includes
 * every month of it.
 */
export function bornOnBounds(ageMin: number, ageMax: number, today: number) {
  return {
    latestBornOn: ageMin > LIMITS.dogAge.min ? bornOnOf(monthOfIndex(today - ageMin * 12)) : undefined,
    /** Born after this day (strictly). */
    bornAfter: ageMax < LIMITS.dogAge.max ? bornOnOf(monthOfIndex(today - (ageMax + 1) * 12)) : undefined,
  };
}
