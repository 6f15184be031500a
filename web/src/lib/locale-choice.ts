import { isLocale, type Locale, LOCALE_COOKIE, pickLocale } from '#shared/i18n';

/** The language chosen in the app's language menu (the cookie, a year), or null before any choice. */
export function chosenLocale(cookies: string): Locale | null {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE.replace('.', '\\.')}=([^;]*)`).exec(cookies);
  return isLocale(match?.[1]) ? match[1] : null;
}

/**
 * The language to start in: the one chosen in this browser, else the first of the browser's languages
 * that the app speaks (a first visit from a German browser is in German), else Slovenian. The server picks
 * a prerendered page's language the same way (server/plugins/web.ts), from the cookie and Accept-Language.
 */
export function startLocale(cookies: string, languages: readonly string[]): Locale {
  return chosenLocale(cookies) ?? pickLocale(languages);
}
