/**
 * The terms of use and privacy notice in force (DECISIONS 15). Their version is the date they apply from,
 * which the dialog shows ("Veljavno od 20. 8. 2025"): a changed text gets a new date here, and every account
 * and browser that accepted an older one is asked again.
 */
export const TERMS_VERSION = '2025-08-20';

/** How a client names the version it showed: a date, YYYY-MM-DD. */
export const TERMS_VERSION_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The day a version applies from, at local midnight, for showing it as a date in the reader's language. */
export function termsEffectiveDate(version: string = TERMS_VERSION): Date {
  const [year, month, day] = version.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** Whether an acceptance on record (an account's, a browser's) is of the text in force. */
export function acceptsCurrentTerms(version: string | null | undefined): boolean {
  return version === TERMS_VERSION;
}
