import { randomUUID } from 'node:crypto';
import type { Locale } from '#shared/i18n';
import { mintEmailToken, TOKEN_LIFETIME_MS } from '../../auth/email-tokens';
import { type MailKind, renderMail } from '../../auth/mail-templates';
import type { Mailer } from '../../auth/mailer';
import type { Db, Tx } from '../../db/client';
import type { Jobs } from '../../jobs/queue';

/**
 * Account and moderation e-mails go through the job queue (`mail`), queued with the write that asks for them:
 * a mail server that is away, or an instance that dies, delays a mail but never loses it (retried with
 * backoff). Guarantee: at least once, and a repeat (an instance that died after the mail server took it, before
 * the job was marked done) carries the same Message-ID, which mail clients show once. A link's token is made
 * when the mail is sent, never kept in the queue: a token in the database is only ever its hash. A repeat
 * makes another link and the first stays good (both reach only the mailbox's owner). A mail with a link holds
 * its place as the user's live link from the moment it is queued (auth/email-tokens.ts).
 */
export interface MailJob {
  /** The Message-ID's unique part: the same for every attempt of this mail. */
  mailId: string;
  to: string;
  kind: MailKind;
  locale: Locale;
  /** The reserved link a confirm, reset or pending mail carries (auth/email-tokens.ts). */
  tokenId?: string;
  /** The text's values (a moderation decision's statement). */
  values?: Record<string, string>;
  /** The page the mail's link opens (none: the app's start). */
  path?: string;
}

/** Queues a mail as part of `tx` (see db/transact.ts). */
export function queueMail(jobs: Jobs, tx: Tx, mail: Omit<MailJob, 'mailId'>) {
  return jobs.send('mail', { ...mail, mailId: mail.tokenId ?? randomUUID() } satisfies MailJob, { tx });
}

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** `mail` job: makes the link (when the mail has one), renders the mail in its language and sends it. */
export async function sendQueuedMail(deps: MailDeps, job: MailJob) {
  let link = `${deps.publicUrl}${job.kind === 'exists' ? '/auth' : (job.path ?? '')}`;
  if (job.tokenId) {
    const minted = await mintEmailToken(deps.db, deps.publicUrl, job.tokenId);
    // Replaced by a newer request, used, or gone with its account: this mail has nothing left to say.
    if (!minted) return;
    link = minted;
  }
  const hours = Math.max(
    1,
    Math.round(TOKEN_LIFETIME_MS[job.kind === 'confirm' ? 'confirm' : 'reset'] / 3_600_000),
  );
  const { subject, text, html } = renderMail(job.kind, job.locale, { ...job.values, link, hours });
  const host = new URL(deps.publicUrl).hostname;
  await deps.mailer.send({ to: job.to, subject, text, html, link, messageId: `<${job.mailId}@${host}>` });
}
