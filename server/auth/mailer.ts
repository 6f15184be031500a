import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same in HTML (server/auth/mail-html.ts): sent as the alternative to the text. */
  html?: string;
  /** The link the mail is about; logged when mail goes to the outbox. */
  link: string;
  /** Extra headers (List-Unsubscribe on summaries). */
  headers?: Record<string, string>;
  /** `<id@host>`: the same for every attempt of one mail, so a repeat shows once. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when `smtpUrl` is set; otherwise each message becomes an .eml file in `outboxDir` and its link is
 * logged, so the embedded default works offline.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer loads on first use: most starts never send a mail.
  const nodemailer = () => import('nodemailer').then((m) => m.default);
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    const transport = nodemailer().then((n) => n.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (
          await transport
        ).sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          messageId: mail.messageId,
        });
      },
    };
  }
  const builder = () =>
    nodemailer().then((n) => n.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(mail) {
      const info = await (
        await builder()
      ).sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: mail.messageId,
      });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`,
      );
      // Written whole, then renamed: whoever watches the folder never reads half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      opts.log.info({ to: mail.to, file, link: mail.link }, `mail written to outbox: ${mail.link}`);
    },
  };
}
