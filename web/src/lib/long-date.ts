import { longDate, type LongDateOptions } from '#shared/domain/long-date';
import type { Locale } from '#shared/i18n';

/**
 * A date in running text in the UI language ("Na Tačkah od 25. novembra 2026"), read in the device's time
 * zone unless `timeZone` says otherwise (event days are Ljubljana's).
 */
export function localLongDate(date: Date, locale: Locale, options?: LongDateOptions): string {
  return longDate(date, locale, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, ...options });
}
