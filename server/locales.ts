import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { FALLBACK_LOCALE, LOCALES, type Locale, type Messages } from '#shared/i18n';
import { ROOT } from './paths';

const DIR = path.join(ROOT, 'locales');
let cache: Record<Locale, Messages> | undefined;

/** The four locale catalogues, read once. */
export function loadCatalogues(): Record<Locale, Messages> {
  cache ??= Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      JSON.parse(fs.readFileSync(path.join(DIR, `${locale}.json`), 'utf8')) as Messages,
    ]),
  ) as Record<Locale, Messages>;
  return cache;
}

/** `key` of the catalogues in `locale` (English, then an error, when missing), formatted with `values`. */
export function formatMessage(locale: Locale, key: string, values: Record<string, string | number> = {}) {
  const catalogues = loadCatalogues();
  const message = catalogues[locale][key] ?? catalogues[FALLBACK_LOCALE][key];
  if (message === undefined) throw new Error(`missing locale key ${key}`);
  return String(new IntlMessageFormat(message, locale).format(values));
}
