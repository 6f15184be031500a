import type { Locale } from '../../src/i18n';
import { formatMessage } from '../locales';

/** confirm: a new sign-up's link; reset: a reset link; pending: a repeated sign-up of an unconfirmed address
 * (a link to choose the password); exists: a sign-up of a confirmed address; reportDecision: the decision on a
 * report, to the contact address its reporter gave; moderationDecision: a decision and its reasons, to the
 * user it affects; accountDeleted: the account and its data are gone, to its former address. */
export type MailKind =
  'confirm' | 'reset' | 'pending' | 'exists' | 'reportDecision' | 'moderationDecision' | 'accountDeleted';

/**
 * Subject and body of an e-mail in the user's language, from the same catalogues as the UI. Nothing a visitor
 * typed goes in: these go to addresses nobody has proven yet (a report decision carries the moderator's text).
 */
export function renderMail(
  kind: MailKind,
  locale: Locale,
  values: Record<string, string | number>,
): { subject: string; text: string } {
  return {
    subject: formatMessage(locale, `mail.${kind}.subject`, values),
    text: formatMessage(locale, `mail.${kind}.body`, values),
  };
}
