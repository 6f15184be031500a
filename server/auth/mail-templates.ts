import type { Locale } from '#shared/i18n';
import { formatMessage } from '../locales';
import { mailHtml } from './mail-html';

/** confirm: a new sign-up's link; reset: a reset link; pending: a repeated sign-up of an unconfirmed address
 * (a link to choose the password); exists: a sign-up of a confirmed address; reportDecision: the decision on a
 * report, to the contact address its reporter gave; moderationDecision: a decision and its reasons, to the
 * user it affects; accountDeleted: the account and its data are gone, to its former address; lostAlert and
 * lostFound: a dog lost nearby, and back home, to an owner who gets such news by e-mail; foundAlert and
 * foundHome: a dog found nearby whose owner is sought, and back with its owner. */
export type MailKind =
  | 'confirm'
  | 'reset'
  | 'pending'
  | 'exists'
  | 'reportDecision'
  | 'moderationDecision'
  | 'accountDeleted'
  | 'lostAlert'
  | 'lostFound'
  | 'foundAlert'
  | 'foundHome';

/**
 * Subject, text and HTML of an e-mail in the user's language, from the same catalogues as the UI (the HTML is
 * the text with its link as a button: mail-html.ts). Nothing a visitor typed goes in: these go to addresses
 * nobody has proven yet (a report decision carries the moderator's text). `values.link` is the mail's link.
 */
export function renderMail(
  kind: MailKind | 'digest',
  locale: Locale,
  values: Record<string, string | number>,
): { subject: string; text: string; html: string } {
  const subject = formatMessage(locale, `mail.${kind}.subject`, values);
  const text = formatMessage(locale, `mail.${kind}.body`, values);
  const link = String(values.link ?? '');
  const button = formatMessage(locale, `mail.button.${kind}`);
  return { subject, text, html: mailHtml({ locale, subject, text, link, button }) };
}
