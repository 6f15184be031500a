/** Languages of the UI. Slovenian first: it is the default. */
export const LOCALES = ['sl', 'en', 'de', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'sl';
export const FALLBACK_LOCALE: Locale = 'en';

/** BCP 47 tags for Intl formatting: dates follow sl-SI unless the chosen language says otherwise. */
export const INTL_TAG: Record<Locale, string> = { sl: 'sl-SI', en: 'en-GB', de: 'de-DE', it: 'it-IT' };

/**
 * The chosen language lives in a cookie, so the server can send the landing page already rendered in it.
 * Not HttpOnly: the web app reads and writes it.
 */
export const LOCALE_COOKIE = 'tacke.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * A first visit's language from the browser's preferences, best first (navigator.languages, or
 * Accept-Language through `acceptedLanguages`): the first whose language is one of ours, whatever its region
 * (de-AT is German), else Slovenian. A language chosen in the app (the cookie) wins over this.
 */
export function pickLocale(preferences: readonly string[]): Locale {
  for (const tag of preferences) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/**
 * An Accept-Language header's language tags, most wanted first: by q-value (absent: 1), ties in the order
 * given; `q=0` (not wanted), a malformed q and the `*` wildcard are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const quality =
        q === undefined ? 1 : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.test(q) ? Number(q.slice(2)) : 0;
      return { tag, quality, index };
    })
    .filter(({ tag, quality }) => quality > 0 && tag !== '' && tag !== '*')
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

export type Messages = Record<string, string>;

/** Keys only the server says (e-mails, pushes, its own pages): the web's catalogues leave them out. */
const SERVER_ONLY_KEY = /^(mail|push|unsubscribe|lostPage)\./;
export const isServerOnlyKey = (key: string) => SERVER_ONLY_KEY.test(key);

/** A catalogue as the browser gets it: without the keys only the server says. */
export const webMessages = <T>(messages: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => !isServerOnlyKey(key)));

/** Lookup order locale → en → key, merged once so react-intl sees a complete catalogue. */
export function withFallback<T>(messages: Record<string, T>, fallback: Record<string, T>): Record<string, T> {
  return { ...fallback, ...messages };
}

/** Keys missing from or extra in each catalogue compared with the Slovenian one. */
export function compareCatalogues(catalogues: Record<Locale, Messages>): string[] {
  const reference = new Set(Object.keys(catalogues[DEFAULT_LOCALE]));
  const problems: string[] = [];
  for (const locale of LOCALES) {
    const keys = new Set(Object.keys(catalogues[locale]));
    for (const key of reference) if (!keys.has(key)) problems.push(`${locale}: missing "${key}"`);
    for (const key of keys) if (!reference.has(key)) problems.push(`${locale}: extra "${key}"`);
    for (const [key, value] of Object.entries(catalogues[locale]))
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${locale}: empty "${key}"`);
  }
  return problems;
}

/**
 * The browser's time zone (IANA name), kept in a cookie by the web app: the server renders a member's page
 * (server/session-pages.ts) with dates as the browser shows them. Not HttpOnly: the web app writes it.
 */
export const TIME_ZONE_COOKIE = 'tacke.tz';

/** A time zone this runtime knows by that name, as the cookie may say anything. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z][\w+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
