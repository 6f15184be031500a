/**
 * Whether this browser has accepted the terms in force (SPEC §1: on the first visit), shared by the terms
 * notice and the sign-up form; both hear when the other records it. A signed-in user's acceptance is kept
 * with the account (auth.me's termsAccepted, features/terms/use-terms.ts); this is the visitor's.
 */
import { useSyncExternalStore } from 'react';
import { TERMS_VERSION } from '#shared/domain/terms';

/** localStorage key; the value is the ISO time the terms were accepted (tests pre-set it, see tests/helpers/e2e.ts). */
export const TERMS_ACCEPTED_KEY = 'tacke.termsAccepted';
/** localStorage key of the version accepted (src/domain/terms.ts). */
export const TERMS_VERSION_KEY = 'tacke.termsVersion';
/** Browsers that accepted before the version was stored accepted the first text, of this date. */
const UNRECORDED_VERSION = '2025-08-20';

/**
 * Search engines and link-preview fetchers (SPEC Navigation: no terms prompt for bots and social crawlers).
 * Headless Chrome is a browser ("HeadlessChrome" matches none of these), so tests and people see the prompt.
 */
const CRAWLER =
  /bot\b|crawl|spider|slurp|facebookexternalhit|facebookcatalog|twitterbot|linkedinbot|whatsapp|telegrambot|discordbot|slackbot|googlebot|google-inspectiontool|bingbot|applebot|pinterest|embedly|redditbot|skypeuripreview/i;

export function looksLikeCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

/** When this browser accepted the terms in force, or null (never, or an older text). */
export function termsAcceptedAt(): Date | null {
  if (acceptedHere) return acceptedHere;
  try {
    const value = localStorage.getItem(TERMS_ACCEPTED_KEY);
    const version = localStorage.getItem(TERMS_VERSION_KEY) ?? UNRECORDED_VERSION;
    if (!value || version !== TERMS_VERSION) return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? new Date(0) : date;
  } catch {
    return null; // storage blocked (privacy mode): ask, and remember for this page only
  }
}

/** Accepted on this page (kept here too, for when storage is blocked). */
let acceptedHere: Date | null = null;
const listeners = new Set<() => void>();

/**
 * Remembers the acceptance of the terms in force so the notice never shows again in this browser; `at`: when
 * it was given (an account's, signed in elsewhere). Returns the time stored.
 */
export function acceptTerms(at: Date = new Date()): Date {
  acceptedHere = at;
  try {
    localStorage.setItem(TERMS_ACCEPTED_KEY, at.toISOString());
    localStorage.setItem(TERMS_VERSION_KEY, TERMS_VERSION);
  } catch {
    // storage blocked: accepted for this page only
  }
  for (const listener of listeners) listener();
  return at;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** The time as a number: a stable snapshot for React (a new Date each read would never settle). */
const snapshot = () => termsAcceptedAt()?.getTime() ?? null;

/** When this browser accepted the terms in force (ms since the epoch), kept current; null while it has not. */
export function useTermsAccepted(): number | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
