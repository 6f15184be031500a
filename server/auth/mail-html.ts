import type { Locale } from '#shared/i18n';
import { escapeHtml } from '../html-escape';

/**
 * The HTML alternative of an e-mail, made from its text part (the same words, so both say the same): the
 * brand as text, the paragraphs, and the mail's one link as a clear button, with the address written out
 * under it for clients that show no buttons. No images (readable with them off), inline styles (what mail
 * clients keep), colours that read in light and dark (`color-scheme`; a dark palette where the client
 * honours `prefers-color-scheme`). Everything from the text is escaped.
 */
export interface MailHtmlInput {
  locale: Locale;
  subject: string;
  text: string;
  /** The mail's link: the paragraph that is only this address becomes the button. */
  link: string;
  /** The button's words. */
  button: string;
}

const BRAND = '#c2410c';
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** A paragraph's text, escaped, its line breaks kept and its addresses made links. */
const paragraph = (text: string) =>
  escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:${BRAND}">${url}</a>`)
    .replace(/\n/g, '<br>');

function button(link: string, label: string) {
  const href = escapeHtml(link);
  return `<p style="margin:24px 0 8px"><a class="button" href="${href}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:700;font-size:16px;padding:14px 28px;border-radius:12px">${escapeHtml(label)}</a></p>
<p class="muted" style="margin:0 0 16px;font-size:13px;color:#6b5f58;word-break:break-all"><a href="${href}" style="color:#6b5f58">${href}</a></p>`;
}

export function mailHtml({ locale, subject, text, link, button: label }: MailHtmlInput): string {
  const body = text
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) =>
      part === link
        ? button(link, label)
        : `<p style="margin:0 0 16px;line-height:1.5">${paragraph(part)}</p>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
@media (prefers-color-scheme: dark) {
  body, .page { background: #1c1917 !important; }
  .card { background: #292524 !important; color: #f5f5f4 !important; }
  .card a { color: #fdba74 !important; }
  .card a.button { background: ${BRAND} !important; color: #ffffff !important; }
  .muted, .muted a { color: #a8a29e !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background:#fdf8f3">
<div class="page" style="background:#fdf8f3;padding:24px 12px">
<div class="card" style="max-width:560px;margin:0 auto;background:#ffffff;color:#2f2622;border-radius:16px;padding:28px 24px;${FONT};font-size:16px">
<p style="margin:0 0 20px;font-size:22px;font-weight:800;color:${BRAND}">Tačke</p>
${body}
</div>
</div>
</body>
</html>
`;
}
