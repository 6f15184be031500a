/*
 * The countries with town lists, apart from the list of every country (countries.ts), so that a page may
 * offer them without downloading that list.
 */

/** Countries whose places are chosen from a list (see `CITIES`); elsewhere the place is free text. */
export const CITY_COUNTRIES = ['SI', 'AT', 'IT', 'DE', 'HR', 'HU', 'CH', 'FR', 'GB', 'US'] as const;
export type CityCountry = (typeof CITY_COUNTRIES)[number];

/** Each list country's capital (its stored name), where a search in that country starts. */
export const CAPITALS: Readonly<Record<CityCountry, string>> = {
  SI: 'Ljubljana',
  AT: 'Wien',
  IT: 'Roma',
  DE: 'Berlin',
  HR: 'Zagreb',
  HU: 'Budapest',
  CH: 'Bern',
  FR: 'Paris',
  GB: 'London',
  US: 'Washington',
};

export const isCityCountry = (code: string): code is CityCountry =>
  (CITY_COUNTRIES as readonly string[]).includes(code);
