import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale, type Messages } from '../src/i18n';
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
