/*
 * Whether this browser has accepted the terms (SPEC §1: on the first visit), shared by the terms notice and
 * the sign-up form; both hear when the other records it. The dialog with the text is a chunk of its own.
 */
import { useSyncExternalStore } from 'react';

/** localStorage key; the value is the ISO time the terms were accepted (tests pre-set it, see tests/helpers/e2e.ts). */
export const TERMS_ACCEPTED_KEY = 'tacke.termsAccepted';

/**
 * Search engines and link-preview fetchers (SPEC Navigation: no terms prompt for bots and social crawlers).
 * Headless Chrome is a browser ("HeadlessChrome" matches none of these), so tests and people see the prompt.
 */
const CRAWLER =
  /bot\b|crawl|spider|slurp|facebookexternalhit|facebookcatalog|twitterbot|linkedinbot|whatsapp|telegrambot|discordbot|slackbot|googlebot|google-inspectiontool|bingbot|applebot|pinterest|embedly|redditbot|skypeuripreview/i;

export function looksLikeCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

/** When the terms were accepted in this browser, or null. */
export function termsAcceptedAt(): Date | null {
  try {
    const value = localStorage.getItem(TERMS_ACCEPTED_KEY);
    if (!value) return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? new Date(0) : date;
  } catch {
    return null; // storage blocked (privacy mode): ask, and remember for this page only
  }
}

/** Accepted on this page while storage is blocked. */
let acceptedHere: Date | null = null;
const listeners = new Set<() => void>();

/** Remembers the acceptance so the notice never shows again; returns the time stored. */
export function acceptTerms(): Date {
  const now = new Date();
  acceptedHere = now;
  try {
    localStorage.setItem(TERMS_ACCEPTED_KEY, now.toISOString());
  } catch {
    // storage blocked: accepted for this page only
  }
  for (const listener of listeners) listener();
  return now;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** The time as a number: a stable snapshot for React (a new Date each read would never settle). */
const snapshot = () => (termsAcceptedAt() ?? acceptedHere)?.getTime() ?? null;

/** When the terms were accepted (ms since the epoch), kept current; null while they are not. */
export function useTermsAccepted(): number | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
