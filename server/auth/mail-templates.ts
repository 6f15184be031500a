import { IntlMessageFormat } from 'intl-messageformat';
import { FALLBACK_LOCALE, type Locale, type Messages, withFallback } from '../../src/i18n';
import { loadCatalogues } from '../locales';

type MailKind = 'confirm' | 'reset';

/** Subject and body of an account e-mail in the user's language, from the same catalogues as the UI. */
export function renderMail(
  kind: MailKind,
  locale: Locale,
  values: { name: string; link: string; hours: number },
): { subject: string; text: string } {
  const catalogues = loadCatalogues();
  const messages: Messages = withFallback(catalogues[locale], catalogues[FALLBACK_LOCALE]);
  const format = (key: string) => {
    const message = messages[key];
    if (message === undefined) throw new Error(`missing locale key ${key}`);
    return String(new IntlMessageFormat(message, locale).format(values));
  };
  return { subject: format(`mail.${kind}.subject`), text: format(`mail.${kind}.body`) };
}
