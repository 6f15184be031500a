import { INTL_TAG, type Locale } from '../i18n';

const regionNames = new Map<Locale, Intl.DisplayNames | null>();

function regionNamesFor(locale: Locale): Intl.DisplayNames | null {
  let names = regionNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([INTL_TAG[locale]], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  return names;
}

/**
 * A country's name in the UI language from `Intl.DisplayNames`, falling back to its Slovenian name where
 * the runtime has none. In Slovenian it is the Slovenian name itself, so the UI shows the names the list is
 * sorted and searched by (and not CLDR's long forms such as "Posebno upravno območje … Hongkong"). Apart
 * from the list (countries.ts), so the web app can name a country without downloading the list's search.
 */
export function regionName(code: string, slovenianName: string, locale: Locale): string {
  if (locale === 'sl') return slovenianName;
  let shown: string | undefined;
  try {
    shown = regionNamesFor(locale)?.of(code);
  } catch {
    shown = undefined;
  }
  return shown && shown !== code ? shown : slovenianName;
}
