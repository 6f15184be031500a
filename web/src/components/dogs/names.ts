import type { DisplayNames } from '#shared/data/display-names';
import { regionName } from '#shared/data/region-name';
import type { Locale } from '#shared/i18n';

/*
 * Stored reference values (Slovenian canonical names) shown in the UI language. A name the list does not
 * know (older data), or any name before its language's names are loaded, is shown as stored. The names
 * arrive with the language's catalogue (lib/intl.ts), as a small chunk built from the lists in src/data:
 * the lists themselves (every language, the search forms) load only with the pickers that search them.
 */

const loaded: Partial<Record<Locale, DisplayNames>> = {};

/** The names of one language, as lib/intl.ts loads them with its catalogue. */
export function setDisplayNames(locale: Locale, names: DisplayNames) {
  loaded[locale] = names;
}

export const breedName = (breed: string, locale: Locale) => loaded[locale]?.breeds[breed] ?? breed;

export const traitName = (trait: string, locale: Locale) => loaded[locale]?.traits[trait] ?? trait;

/** A place of the country's list in the UI language ('Gradec' / 'Graz'); one it does not know as stored. */
export const cityName = (location: string, countryCode: string | null, locale: Locale) =>
  (countryCode && loaded[locale]?.cities[countryCode.trim().toUpperCase()]?.[location]) || location;

/** The country's name in the UI language; an unknown code as given. */
export function countryName(code: string, locale: Locale): string {
  const country = code.trim().toUpperCase();
  const slovenian = loaded[locale]?.countries[country];
  return slovenian ? regionName(country, slovenian, locale) : code;
}

/** "Ljubljana, Slovenija"; the country alone without a place, '' without either. */
export function placeName(location: string | null, countryCode: string | null, locale: Locale): string {
  const place = location ? cityName(location, countryCode, locale) : '';
  const country = countryCode ? countryName(countryCode, locale) : '';
  return [place, country].filter(Boolean).join(', ');
}
