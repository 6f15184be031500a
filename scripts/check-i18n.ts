// `npm run check:i18n`: the four catalogues have the same keys, no empty values, and valid ICU syntax.
import { IntlMessageFormat } from 'intl-messageformat';
import { loadCatalogues } from '../server/locales';
import { compareCatalogues, LOCALES } from '#shared/i18n';

const catalogues = loadCatalogues();
const problems = compareCatalogues(catalogues);
for (const locale of LOCALES)
  for (const [key, message] of Object.entries(catalogues[locale])) {
    try {
      new IntlMessageFormat(message, locale);
    } catch (error) {
      problems.push(`${locale}: "${key}" is not a valid ICU message (${(error as Error).message})`);
    }
  }

if (problems.length) {
  console.error(
    `check:i18n found ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `check:i18n: ${LOCALES.length} locales, ${Object.keys(catalogues.sl).length} keys each, all consistent.`,
);
