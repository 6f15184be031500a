import { INTL_TAG, type Locale } from '../i18n';
import { EVENT_TIME_ZONE } from './event-time';

/**
 * A date inside a sentence, month spelled out: "25. novembra 2026", "25 November 2026", "25. November 2026",
 * "25 novembre 2026". Intl writes the Slovenian month in the nominative ("25. november 2026"), but a Slovenian
 * date is read "petindvajsetega novembra": the month is in the genitive, so it is swapped in here. Dates in
 * lists and tables stay compact and numeric ("25. 11. 2026") and do not come here.
 */
const SLOVENIAN_GENITIVE_MONTHS = [
  'januarja',
  'februarja',
  'marca',
  'aprila',
  'maja',
  'junija',
  'julija',
  'avgusta',
  'septembra',
  'oktobra',
  'novembra',
  'decembra',
];

export interface LongDateOptions {
  /** The zone the day (and time) is read in: the reader's where known, else Ljubljana. */
  timeZone?: string;
  /** The weekday in front: "sreda, 25. novembra 2026". */
  weekday?: boolean;
  /** The year (default) or not: "25. novembra". */
  year?: boolean;
  /** The 24-hour time after it: "25. novembra 2026 ob 11:00". */
  time?: boolean;
}

// Building an Intl.DateTimeFormat is slow next to using one; lists format many dates with the same options.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

/** `date` spelled out for running text in `locale` (see above). */
export function longDate(date: Date, locale: Locale, options: LongDateOptions = {}): string {
  const { timeZone = EVENT_TIME_ZONE, weekday = false, year = true, time = false } = options;
  const parts = formatFor(INTL_TAG[locale], {
    timeZone,
    day: 'numeric',
    month: 'long',
    ...(year && { year: 'numeric' }),
    ...(weekday && { weekday: 'long' }),
    ...(time && { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  }).formatToParts(date);
  if (locale !== 'sl') return parts.map((part) => part.value).join('');
  const month = Number(formatFor('en-GB', { timeZone, month: 'numeric' }).format(date));
  return parts
    .map((part) => (part.type === 'month' ? SLOVENIAN_GENITIVE_MONTHS[month - 1] : part.value))
    .join('');
}
