import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { renderMail } from '../../server/auth/mail-templates';
import { createMailer } from '../../server/auth/mailer';
import { LOCALES } from '#shared/i18n';

/**
 * Issue 34: every e-mail has a text part and an HTML alternative saying the same, read here by mailparser
 * (what mail providers and tools use) from the files the outbox mailer writes, as they would arrive.
 */
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-mails-'));
afterAll(() => fs.rmSync(outbox, { recursive: true, force: true }));
const mailer = createMailer({
  smtpUrl: undefined,
  from: 'Tačke <no-reply@tacke.test>',
  outboxDir: outbox,
  log: pino({ level: 'silent' }),
});

/** Sends `mail` through the outbox mailer and reads the file it wrote back. */
async function sentAndParsed(mail: Parameters<typeof mailer.send>[0]) {
  const before = new Set(fs.readdirSync(outbox));
  await mailer.send(mail);
  const file = fs.readdirSync(outbox).find((name) => !before.has(name) && name.endsWith('.eml'))!;
  return simpleParser(fs.readFileSync(path.join(outbox, file)));
}

const LINK = 'https://tacke.test/email-confirmed?token=abc2345defg';

describe('e-mails as mail clients read them', () => {
  it.each(LOCALES)(
    'a confirmation in %s: the text and an HTML alternative with the link as its button',
    async (locale) => {
      const rendered = renderMail('confirm', locale, { link: LINK, hours: 48 });
      const parsed = await sentAndParsed({
        to: 'ana@example.com',
        ...rendered,
        link: LINK,
        messageId: '<m1@tacke.test>',
      });
      expect(parsed.subject).toBe(rendered.subject);
      expect(parsed.from?.value).toEqual([{ name: 'Tačke', address: 'no-reply@tacke.test' }]);
      expect(parsed.messageId).toBe('<m1@tacke.test>');
      expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
      // The text part is the text as rendered; the HTML says the same words.
      expect(parsed.text?.trim()).toBe(rendered.text.trim());
      const html = parsed.html as string;
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain('name="color-scheme" content="light dark"');
      expect(html).not.toMatch(/<img\b/);
      const button = /<a class="button" href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(html);
      expect(button?.[1]).toBe(LINK);
      expect(button?.[2]).toBeTruthy();
      for (const paragraph of rendered.text.split('\n\n').filter((p) => p.trim() && p.trim() !== LINK))
        expect(html).toContain(paragraph.split('\n')[0]!.replace(/&/g, '&amp;').slice(0, 40));
    },
  );

  it('escapes what a moderator wrote, and keeps the List-Unsubscribe headers of a summary', async () => {
    const statement = '<script>alert("x")</script> & "quotes"';
    const decision = renderMail('moderationDecision', 'sl', {
      action: 'warn',
      statement,
      until: '',
      link: 'https://tacke.test',
    });
    const parsed = await sentAndParsed({ to: 'bor@example.com', ...decision, link: 'https://tacke.test' });
    expect(parsed.html).not.toContain('<script>');
    expect(parsed.html).toContain('&lt;script&gt;');
    expect(parsed.text).toContain(statement);

    const summary = renderMail('digest', 'de', {
      count: 2,
      lines: 'Neue Anfragen: 2',
      link: 'https://tacke.test',
      settings: 'https://tacke.test/profil',
    });
    const read = await sentAndParsed({
      to: 'cene@example.com',
      ...summary,
      link: 'https://tacke.test',
      headers: {
        'List-Unsubscribe': '<https://tacke.test/api/unsubscribe?u=1&t=all&s=x>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const lines = Object.fromEntries(read.headerLines.map(({ key, line }) => [key, line]));
    expect(lines['list-unsubscribe-post']).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines['list-unsubscribe']).toBe(
      'List-Unsubscribe: <https://tacke.test/api/unsubscribe?u=1&t=all&s=x>',
    );
    expect(read.html).toMatch(/<a class="button" href="https:\/\/tacke\.test"[^>]*>Tačke öffnen<\/a>/);
  });
});
