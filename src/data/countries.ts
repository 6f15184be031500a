import type { Locale } from '../i18n';
import { INTL_TAG } from '../i18n';
import { searchNamed, type Named } from './named';

/** A country by its ISO 3166-1 alpha-2 code and its Slovenian name. */
export interface Country {
  readonly code: string;
  readonly name: string;
}

/** All ISO 3166-1 alpha-2 countries and territories plus XK (Kosovo), sorted by Slovenian name. */
export const COUNTRIES: readonly Country[] = [
  { code: "AF", name: "Afganistan" },
  { code: "AX", name: "Alandski otoki" },
  { code: "AL", name: "Albanija" },
  { code: "DZ", name: "Alžirija" },
  { code: "AS", name: "Ameriška Samoa" },
  { code: "VI", name: "Ameriški Deviški otoki" },
  { code: "AD", name: "Andora" },
  { code: "AO", name: "Angola" },
  { code: "AI", name: "Angvila" },
  { code: "AQ", name: "Antarktika" },
  { code: "AG", name: "Antigva in Barbuda" },
  { code: "AR", name: "Argentina" },
  { code: "AM", name: "Armenija" },
  { code: "AW", name: "Aruba" },
  { code: "AU", name: "Avstralija" },
  { code: "AT", name: "Avstrija" },
  { code: "AZ", name: "Azerbajdžan" },
  { code: "BS", name: "Bahami" },
  { code: "BH", name: "Bahrajn" },
  { code: "BD", name: "Bangladeš" },
  { code: "BB", name: "Barbados" },
  { code: "BE", name: "Belgija" },
  { code: "BZ", name: "Belize" },
  { code: "BY", name: "Belorusija" },
  { code: "BJ", name: "Benin" },
  { code: "BM", name: "Bermudi" },
  { code: "BW", name: "Bocvana" },
  { code: "BG", name: "Bolgarija" },
  { code: "BO", name: "Bolivija" },
  { code: "BA", name: "Bosna in Hercegovina" },
  { code: "BV", name: "Bouvetov otok" },
  { code: "CX", name: "Božični otok" },
  { code: "BR", name: "Brazilija" },
  { code: "VG", name: "Britanski Deviški otoki" },
  { code: "IO", name: "Britansko ozemlje v Indijskem oceanu" },
  { code: "BN", name: "Brunej" },
  { code: "BF", name: "Burkina Faso" },
  { code: "BI", name: "Burundi" },
  { code: "BT", name: "Butan" },
  { code: "CY", name: "Ciper" },
  { code: "CK", name: "Cookovi otoki" },
  { code: "CW", name: "Curaçao" },
  { code: "TD", name: "Čad" },
  { code: "CZ", name: "Češka" },
  { code: "CL", name: "Čile" },
  { code: "ME", name: "Črna gora" },
  { code: "DK", name: "Danska" },
  { code: "CD", name: "Demokratična republika Kongo" },
  { code: "DM", name: "Dominika" },
  { code: "DO", name: "Dominikanska republika" },
  { code: "DJ", name: "Džibuti" },
  { code: "EG", name: "Egipt" },
  { code: "EC", name: "Ekvador" },
  { code: "GQ", name: "Ekvatorialna Gvineja" },
  { code: "ER", name: "Eritreja" },
  { code: "EE", name: "Estonija" },
  { code: "SZ", name: "Esvatini" },
  { code: "ET", name: "Etiopija" },
  { code: "FK", name: "Falklandski otoki" },
  { code: "FO", name: "Ferski otoki" },
  { code: "FJ", name: "Fidži" },
  { code: "PH", name: "Filipini" },
  { code: "FI", name: "Finska" },
  { code: "FR", name: "Francija" },
  { code: "GF", name: "Francoska Gvajana" },
  { code: "PF", name: "Francoska Polinezija" },
  { code: "MF", name: "Francoski Sveti Martin" },
  { code: "TF", name: "Francosko južno ozemlje" },
  { code: "GA", name: "Gabon" },
  { code: "GM", name: "Gambija" },
  { code: "GH", name: "Gana" },
  { code: "GI", name: "Gibraltar" },
  { code: "GR", name: "Grčija" },
  { code: "GD", name: "Grenada" },
  { code: "GL", name: "Grenlandija" },
  { code: "GE", name: "Gruzija" },
  { code: "GG", name: "Guernsey" },
  { code: "GP", name: "Gvadelup" },
  { code: "GY", name: "Gvajana" },
  { code: "GU", name: "Gvam" },
  { code: "GT", name: "Gvatemala" },
  { code: "GN", name: "Gvineja" },
  { code: "GW", name: "Gvineja Bissau" },
  { code: "HT", name: "Haiti" },
  { code: "HM", name: "Heardov otok in McDonaldovi otoki" },
  { code: "HN", name: "Honduras" },
  { code: "HK", name: "Hongkong" },
  { code: "HR", name: "Hrvaška" },
  { code: "IN", name: "Indija" },
  { code: "ID", name: "Indonezija" },
  { code: "IQ", name: "Irak" },
  { code: "IR", name: "Iran" },
  { code: "IE", name: "Irska" },
  { code: "IS", name: "Islandija" },
  { code: "IT", name: "Italija" },
  { code: "IL", name: "Izrael" },
  { code: "JM", name: "Jamajka" },
  { code: "JP", name: "Japonska" },
  { code: "YE", name: "Jemen" },
  { code: "JE", name: "Jersey" },
  { code: "JO", name: "Jordanija" },
  { code: "GS", name: "Južna Georgia in Južni Sandwichevi otoki" },
  { code: "KR", name: "Južna Koreja" },
  { code: "SS", name: "Južni Sudan" },
  { code: "ZA", name: "Južnoafriška republika" },
  { code: "KY", name: "Kajmanji otoki" },
  { code: "KH", name: "Kambodža" },
  { code: "CM", name: "Kamerun" },
  { code: "CA", name: "Kanada" },
  { code: "QA", name: "Katar" },
  { code: "KZ", name: "Kazahstan" },
  { code: "KE", name: "Kenija" },
  { code: "KG", name: "Kirgizistan" },
  { code: "KI", name: "Kiribati" },
  { code: "CN", name: "Kitajska" },
  { code: "CC", name: "Kokosovi otoki" },
  { code: "CO", name: "Kolumbija" },
  { code: "KM", name: "Komori" },
  { code: "CG", name: "Kongo" },
  { code: "XK", name: "Kosovo" },
  { code: "CR", name: "Kostarika" },
  { code: "CU", name: "Kuba" },
  { code: "KW", name: "Kuvajt" },
  { code: "LA", name: "Laos" },
  { code: "LV", name: "Latvija" },
  { code: "LS", name: "Lesoto" },
  { code: "LB", name: "Libanon" },
  { code: "LR", name: "Liberija" },
  { code: "LY", name: "Libija" },
  { code: "LI", name: "Lihtenštajn" },
  { code: "LT", name: "Litva" },
  { code: "LU", name: "Luksemburg" },
  { code: "MO", name: "Macao" },
  { code: "MG", name: "Madagaskar" },
  { code: "HU", name: "Madžarska" },
  { code: "MW", name: "Malavi" },
  { code: "MV", name: "Maldivi" },
  { code: "MY", name: "Malezija" },
  { code: "ML", name: "Mali" },
  { code: "MT", name: "Malta" },
  { code: "MA", name: "Maroko" },
  { code: "MH", name: "Marshallovi otoki" },
  { code: "MQ", name: "Martinik" },
  { code: "MR", name: "Mavretanija" },
  { code: "MU", name: "Mavricij" },
  { code: "YT", name: "Mayotte" },
  { code: "MX", name: "Mehika" },
  { code: "FM", name: "Mikronezija" },
  { code: "MM", name: "Mjanmar" },
  { code: "MD", name: "Moldavija" },
  { code: "MC", name: "Monako" },
  { code: "MN", name: "Mongolija" },
  { code: "MS", name: "Montserrat" },
  { code: "MZ", name: "Mozambik" },
  { code: "NA", name: "Namibija" },
  { code: "NR", name: "Nauru" },
  { code: "DE", name: "Nemčija" },
  { code: "NP", name: "Nepal" },
  { code: "NE", name: "Niger" },
  { code: "NG", name: "Nigerija" },
  { code: "NI", name: "Nikaragva" },
  { code: "NU", name: "Niue" },
  { code: "NL", name: "Nizozemska" },
  { code: "BQ", name: "Nizozemski Karibi" },
  { code: "SX", name: "Nizozemski Sveti Martin" },
  { code: "NF", name: "Norfolški otok" },
  { code: "NO", name: "Norveška" },
  { code: "NC", name: "Nova Kaledonija" },
  { code: "NZ", name: "Nova Zelandija" },
  { code: "OM", name: "Oman" },
  { code: "IM", name: "Otok Man" },
  { code: "TC", name: "Otoki Turks in Caicos" },
  { code: "PK", name: "Pakistan" },
  { code: "PW", name: "Palav" },
  { code: "PS", name: "Palestina" },
  { code: "PA", name: "Panama" },
  { code: "PG", name: "Papua Nova Gvineja" },
  { code: "PY", name: "Paragvaj" },
  { code: "PE", name: "Peru" },
  { code: "PN", name: "Pitcairn" },
  { code: "PL", name: "Poljska" },
  { code: "PR", name: "Portoriko" },
  { code: "PT", name: "Portugalska" },
  { code: "RE", name: "Réunion" },
  { code: "RO", name: "Romunija" },
  { code: "RW", name: "Ruanda" },
  { code: "RU", name: "Rusija" },
  { code: "PM", name: "Saint-Pierre in Miquelon" },
  { code: "SB", name: "Salomonovi otoki" },
  { code: "SV", name: "Salvador" },
  { code: "WS", name: "Samoa" },
  { code: "SM", name: "San Marino" },
  { code: "ST", name: "Sao Tome in Principe" },
  { code: "SA", name: "Saudova Arabija" },
  { code: "SC", name: "Sejšeli" },
  { code: "SN", name: "Senegal" },
  { code: "KP", name: "Severna Koreja" },
  { code: "MK", name: "Severna Makedonija" },
  { code: "MP", name: "Severni Marianski otoki" },
  { code: "SL", name: "Sierra Leone" },
  { code: "SG", name: "Singapur" },
  { code: "SY", name: "Sirija" },
  { code: "CI", name: "Slonokoščena obala" },
  { code: "SK", name: "Slovaška" },
  { code: "SI", name: "Slovenija" },
  { code: "SO", name: "Somalija" },
  { code: "RS", name: "Srbija" },
  { code: "CF", name: "Srednjeafriška republika" },
  { code: "UM", name: "Stranski zunanji otoki Združenih držav" },
  { code: "SD", name: "Sudan" },
  { code: "SR", name: "Surinam" },
  { code: "SJ", name: "Svalbard in Jan Mayen" },
  { code: "SH", name: "Sveta Helena" },
  { code: "LC", name: "Sveta Lucija" },
  { code: "BL", name: "Sveti Bartolomej" },
  { code: "KN", name: "Sveti Krištof in Nevis" },
  { code: "VC", name: "Sveti Vincencij in Grenadine" },
  { code: "ES", name: "Španija" },
  { code: "LK", name: "Šrilanka" },
  { code: "SE", name: "Švedska" },
  { code: "CH", name: "Švica" },
  { code: "TJ", name: "Tadžikistan" },
  { code: "TH", name: "Tajska" },
  { code: "TW", name: "Tajvan" },
  { code: "TZ", name: "Tanzanija" },
  { code: "TG", name: "Togo" },
  { code: "TK", name: "Tokelav" },
  { code: "TO", name: "Tonga" },
  { code: "TT", name: "Trinidad in Tobago" },
  { code: "TN", name: "Tunizija" },
  { code: "TR", name: "Turčija" },
  { code: "TM", name: "Turkmenistan" },
  { code: "TV", name: "Tuvalu" },
  { code: "UG", name: "Uganda" },
  { code: "UA", name: "Ukrajina" },
  { code: "UY", name: "Urugvaj" },
  { code: "UZ", name: "Uzbekistan" },
  { code: "VU", name: "Vanuatu" },
  { code: "VA", name: "Vatikan" },
  { code: "VE", name: "Venezuela" },
  { code: "VN", name: "Vietnam" },
  { code: "TL", name: "Vzhodni Timor" },
  { code: "WF", name: "Wallis in Futuna" },
  { code: "EH", name: "Zahodna Sahara" },
  { code: "ZM", name: "Zambija" },
  { code: "US", name: "Združene države Amerike" },
  { code: "AE", name: "Združeni arabski emirati" },
  { code: "GB", name: "Združeno kraljestvo" },
  { code: "CV", name: "Zelenortski otoki" },
  { code: "ZW", name: "Zimbabve" },
];

export const DEFAULT_COUNTRY = 'SI';

/** Countries whose places are chosen from a list (see `CITIES`); elsewhere the place is free text. */
export const CITY_COUNTRIES = ['SI', 'AT', 'IT', 'DE', 'HR', 'HU', 'CH', 'FR', 'GB', 'US'] as const;
export type CityCountry = (typeof CITY_COUNTRIES)[number];

const byCode = new Map(COUNTRIES.map((country) => [country.code, country]));

/** The country with ISO code `code` (case-insensitive), or undefined. */
export function findCountry(code: string): Country | undefined {
  return byCode.get(code.trim().toUpperCase());
}

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
 * The country's name in the UI language from `Intl.DisplayNames`, falling back to the Slovenian `name`
 * where the runtime has no name for it. In Slovenian it is `name` itself, so the UI shows the names the list
 * is sorted and searched by (and not CLDR's long forms such as "Posebno upravno območje … Hongkong").
 * Unknown codes come back as given.
 */
export function countryName(code: string, locale: Locale): string {
  const country = findCountry(code);
  if (!country) return code;
  if (locale === 'sl') return country.name;
  let shown: string | undefined;
  try {
    shown = regionNamesFor(locale)?.of(country.code);
  } catch {
    shown = undefined;
  }
  return shown && shown !== country.code ? shown : country.name;
}

interface CountryEntry extends Named {
  readonly country: Country;
}

const searchLists = new Map<Locale, readonly CountryEntry[]>();

/** The countries as `Named` items: the Slovenian name plus the display name in `locale`. */
function searchListFor(locale: Locale): readonly CountryEntry[] {
  let list = searchLists.get(locale);
  if (!list) {
    list = COUNTRIES.map((country) => ({ name: country.name, [locale]: countryName(country.code, locale), country }));
    searchLists.set(locale, list);
  }
  return list;
}

/**
 * Countries whose display name in `locale` or Slovenian name contains `query` (diacritic-insensitive),
 * ranked like `searchNamed`.
 */
export function searchCountries(query: string, locale: Locale, limit?: number): Country[] {
  return searchNamed(searchListFor(locale), query, locale, limit).map((entry) => entry.country);
}
