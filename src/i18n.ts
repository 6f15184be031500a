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

export type Messages = Record<string, string>;

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
