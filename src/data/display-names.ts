import type { Locale } from '../i18n';
import { BREEDS } from './breeds';
import { CITIES } from './cities';
import { COUNTRIES } from './countries';
import { displayName, type Named } from './named';
import { TRAITS } from './traits';

/**
 * What the web app needs to show stored reference values in one language, without the lists themselves
 * (their search forms and every other language): stored name → shown name where the two differ, and each
 * country's Slovenian name (the browser names countries in the other languages, see regionName). Built from
 * the lists at build time, one chunk per language (web/vite.config.ts).
 */
export interface DisplayNames {
  breeds: Record<string, string>;
  traits: Record<string, string>;
  /** By country code, then stored place name. */
  cities: Record<string, Record<string, string>>;
  countries: Record<string, string>;
}

const differing = (items: readonly Named[], locale: Locale) =>
  Object.fromEntries(
    items.flatMap((item) => (displayName(item, locale) === item.name ? [] : [[item.name, displayName(item, locale)]])),
  );

export function displayNamesFor(locale: Locale): DisplayNames {
  return {
    breeds: differing(BREEDS, locale),
    traits: differing(TRAITS, locale),
    cities: Object.fromEntries(Object.entries(CITIES).map(([code, list]) => [code, differing(list, locale)])),
    countries: Object.fromEntries(COUNTRIES.map((country) => [country.code, country.name])),
  };
}
