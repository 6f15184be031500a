/*
 * The terms prompt's small logic, loaded with the layout: whether and when to show it. The dialog itself
 * (and its text) is a chunk of its own, loaded shortly before it opens.
 */

/** localStorage key; the value is the ISO time the terms were accepted (tests pre-set it, see tests/helpers/e2e.ts). */
export const TERMS_ACCEPTED_KEY = 'tacke.termsAccepted';

/**
 * Search engines and link-preview fetchers (SPEC Navigation: no terms dialog for bots and social crawlers).
 * Headless Chrome is a browser ("HeadlessChrome" matches none of these), so tests and people see the dialog.
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

/** Remembers the acceptance so the dialog never opens by itself again; returns the time stored. */
export function acceptTerms(): Date {
  const now = new Date();
  try {
    localStorage.setItem(TERMS_ACCEPTED_KEY, now.toISOString());
  } catch {
    // storage blocked: accepted for this page only
  }
  return now;
}
