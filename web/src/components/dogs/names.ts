import { BREEDS } from '#shared/data/breeds';
import { citiesOf } from '#shared/data/cities';
import { countryName } from '#shared/data/countries';
import { displayName, type Named } from '#shared/data/named';
import { TRAITS } from '#shared/data/traits';
import type { Locale } from '#shared/i18n';

/*
 * Stored reference values (Slovenian canonical names) shown in the UI language. A name the list does not
 * know (older data) is shown as stored.
 */

const shown = (items: readonly Named[] | undefined, name: string, locale: Locale) => {
  const item = items?.find((entry) => entry.name === name);
  return item ? displayName(item, locale) : name;
};

export const breedName = (breed: string, locale: Locale) => shown(BREEDS, breed, locale);

export const traitName = (trait: string, locale: Locale) => shown(TRAITS, trait, locale);

/** A place of the country's list in the UI language ('Gradec' / 'Graz'); one it does not know as stored. */
export const cityName = (location: string, countryCode: string | null, locale: Locale) =>
  shown(countryCode ? citiesOf(countryCode) : undefined, location, locale);

/** "Ljubljana, Slovenija"; the country alone without a place, '' without either. */
export function placeName(location: string | null, countryCode: string | null, locale: Locale): string {
  const place = location ? cityName(location, countryCode, locale) : '';
  const country = countryCode ? countryName(countryCode, locale) : '';
  return [place, country].filter(Boolean).join(', ');
}
