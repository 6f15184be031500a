import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderSVG } from 'uqr';
import { EVENT_TIME_ZONE } from '#shared/domain/event-time';
import { LOST_PUBLIC_PATH, lostAlertPath, lostPosterPath, lostPublicPath } from '#shared/domain/lost';
import { spotMapLink } from '#shared/domain/spots';
import { isLocale, LOCALES, type Locale } from '#shared/i18n';
import { AppError } from '#shared/errors';
import { escapeHtml } from '../html-escape';
import { formatMessage } from '../locales';
import { requestLocale } from '../request-locale';
import { lostAlertValues } from '../services/delivery/lost-alert-delivery';
import { type PublicLostAlert, publicLostAlert } from '../services/lost/lost-alerts';
import type { AppDeps } from '../trpc/context';

/**
 * A lost-dog alert's public page and its A4 poster (issue 33 §7): no account needed, so that owners can share
 * the page anywhere and hang the poster up; the page's Open Graph and Twitter tags give a shared link its
 * photo and words. They show what helps find the dog and no more (services/lost: no owner, the area rounded).
 * In the language of `?lang=`, else the visitor's; the times on Slovenia's clock, where the alerts are.
 */
export async function lostPagesPlugin(scope: FastifyInstance, { deps }: { deps: AppDeps }) {
  const { publicUrl } = deps.config;
  const absolute = (url: string) => (url.startsWith('/') ? publicUrl + url : url);

  /** The alert and the page's language, or the "no longer open" page sent. */
  async function alertOf(req: FastifyRequest, reply: FastifyReply) {
    const { lang } = req.query as { lang?: unknown };
    const locale = isLocale(lang) ? lang : requestLocale(req);
    const { id } = req.params as { id: string };
    const alert = /^[0-9a-f-]{36}$/i.test(id) ? await publicLostAlert(deps, id).catch(notFound) : null;
    if (!alert) {
      const t = (key: string) => formatMessage(locale, key);
      void send(reply, 404, {
        locale,
        title: t('lostPage.gone.title'),
        head: '<meta name="robots" content="noindex">',
        body: `<h1>${escapeHtml(t('lostPage.gone.title'))}</h1><p>${escapeHtml(t('lostPage.gone.text'))}</p>
<p><a class="button" href="/">${escapeHtml(t('lostPage.home'))}</a></p>`,
      });
      return null;
    }
    return { alert, locale, words: wordsOf(alert, locale), copy: copyOf(alert) };
  }

  scope.get(`${LOST_PUBLIC_PATH}/:id`, async (req, reply) => {
    const found = await alertOf(req, reply);
    if (!found) return reply;
    const { alert, locale, words, copy } = found;
    const t = (key: string, values?: Record<string, string>) => formatMessage(locale, key, values);
    const open = alert.status === 'open';
    const title = open ? t(copy('title'), words) : t(copy('foundTitle'), words);
    const description = open ? t(copy('description'), words) : t(copy('foundText'));
    const url = publicUrl + lostPublicPath(alert.id, locale);
    const image = alert.dog.photo && absolute(alert.dog.photo.medium);
    const meta = (attribute: 'property' | 'name', key: string, value: string) =>
      `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
    const head = [
      `<meta name="description" content="${escapeHtml(description)}">`,
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      ...LOCALES.map(
        (other) =>
          `<link rel="alternate" hreflang="${other}" href="${escapeHtml(publicUrl + lostPublicPath(alert.id, other))}">`,
      ),
      open ? '' : '<meta name="robots" content="noindex">',
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', 'Tačke'),
      meta('property', 'og:locale', OG_LOCALE[locale]),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      image ? meta('property', 'og:image', image) : '',
      image ? meta('property', 'og:image:alt', t(copy('photoAlt'), words)) : '',
      meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      image ? meta('name', 'twitter:image', image) : '',
    ].join('');
    const facts = open
      ? `<dl>${whatFact(alert, t)}${fact(t(copy('seen')), words.when)}
${fact(t('lostPage.area'), `<a href="${escapeHtml(spotMapLink(alert))}">${escapeHtml(t('lostPage.areaText', words))}</a>`, true)}</dl>
${alert.note ? `<h2>${escapeHtml(t(copy('note')))}</h2><blockquote>${escapeHtml(alert.note)}</blockquote>` : ''}
<h2>${escapeHtml(t(copy('seenIt')))}</h2><p>${escapeHtml(t(copy('howTo')))}</p>
<p class="actions"><a class="button" href="${escapeHtml(lostAlertPath(alert.id))}">${escapeHtml(t(copy('open')))}</a>
<a href="${escapeHtml(lostPosterPath(alert.id, locale))}">${escapeHtml(t('lostPage.posterLink'))}</a></p>
<p class="muted">${escapeHtml(t('lostPage.share'))}</p>`
      : `<p>${escapeHtml(t(copy('foundText')))}</p>`;
    return send(reply, 200, {
      locale,
      title,
      head,
      body: `<nav aria-label="${escapeHtml(t('lostPage.language'))}" class="languages">${LOCALES.map(
        (other) =>
          `<a href="${escapeHtml(lostPublicPath(alert.id, other))}" hreflang="${other}" lang="${other}"${other === locale ? ' aria-current="page"' : ''}>${escapeHtml(formatMessage(other, `language.${other}`))}</a>`,
      ).join('')}</nav>
<p class="status ${alert.status}">${escapeHtml(formatMessage(locale, `${alert.kind}.status.${alert.status}`))}</p>
<h1>${escapeHtml(title)}</h1>
${photo(alert, t(copy('photoAlt'), words), t('lostPage.noPhoto'))}
${facts}
<p><a href="/">${escapeHtml(t('lostPage.home'))}</a></p>`,
    });
  });

  scope.get(`${LOST_PUBLIC_PATH}/:id/plakat`, async (req, reply) => {
    const found = await alertOf(req, reply);
    if (!found) return reply;
    const { alert, locale, words, copy } = found;
    // A poster of a dog that is home would send people looking for nothing: the page says it is home.
    if (alert.status !== 'open') return reply.redirect(lostPublicPath(alert.id, locale), 303);
    const t = (key: string, values?: Record<string, string>) => formatMessage(locale, key, values);
    const url = publicUrl + lostPublicPath(alert.id, locale);
    const qr = renderSVG(url, { ecc: 'M', border: 2 }).replace(
      '<svg ',
      `<svg role="img" aria-label="${escapeHtml(t('lostPage.poster.qr', { url }))}" `,
    );
    return send(reply, 200, {
      locale,
      title: t(copy('title'), words),
      head: '<meta name="robots" content="noindex">',
      poster: true,
      body: `<p class="hint">${escapeHtml(t('lostPage.poster.print'))}</p>
<h1><span>${escapeHtml(t(copy('poster.heading')))}</span>${alert.dog.name ? ` ${escapeHtml(alert.dog.name)}` : ''}</h1>
${photo(alert, t(copy('photoAlt'), words), t('lostPage.noPhoto'), 'full')}
<dl>${whatFact(alert, t)}${fact(t(copy('seen')), words.when)}${fact(t('lostPage.area'), t('lostPage.areaText', words))}</dl>
${alert.note ? `<blockquote>${escapeHtml(alert.note)}</blockquote>` : ''}
<div class="scan"><div class="qr">${qr}</div><p><strong>${escapeHtml(t(copy('seenIt')))}</strong> ${escapeHtml(t(copy('howTo')))}</p></div>
<p class="url">${escapeHtml(t('lostPage.poster.scan', { url }))}</p>`,
    });
  });
}

const notFound = (error: unknown) => {
  if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
  throw error;
};

/** Open Graph's locale of each language. */
const OG_LOCALE: Record<Locale, string> = { sl: 'sl_SI', en: 'en_GB', de: 'de_DE', it: 'it_IT' };

/** The alert's words as the lost-dog push has them: the dog, the breed (or a found dog's looks), when, the town. */
const wordsOf = (alert: PublicLostAlert, locale: Locale) =>
  lostAlertValues(
    locale,
    { ...alert, dog: alert.dog.name, breed: alert.dog.breed, seenAt: alert.seenAt },
    EVENT_TIME_ZONE,
  );

/** A page's key of its kind: a found dog's page says "found" and asks its owner to write (foundPage.*). */
const copyOf = (alert: PublicLostAlert) => (key: string) =>
  `${alert.kind === 'found' ? 'foundPage' : 'lostPage'}.${key}`;

/** What the dog is: a lost dog's breed, a found dog's looks. */
const whatFact = (alert: PublicLostAlert, t: (key: string) => string) =>
  alert.kind === 'found'
    ? fact(t('foundPage.looks'), alert.looks ?? '')
    : fact(t('lostPage.breed'), alert.dog.breed ?? '');

const fact = (term: string, value: string, html = false) =>
  `<div><dt>${escapeHtml(term)}</dt><dd>${html ? value : escapeHtml(value)}</dd></div>`;

const photo = (alert: PublicLostAlert, alt: string, none: string, size: 'medium' | 'full' = 'medium') =>
  alert.dog.photo
    ? `<img class="photo" src="${escapeHtml(alert.dog.photo[size])}" alt="${escapeHtml(alt)}">`
    : `<p class="photo none">${escapeHtml(none)}</p>`;

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1917;
background:#fffbf5;max-width:40rem;margin:0 auto;padding:1rem;line-height:1.5;overflow-wrap:anywhere}
h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .25rem}
a{color:#9a3412}.button{display:inline-block;padding:.7rem 1.2rem;border-radius:.6rem;background:#c2410c;color:#fff;
font-weight:600;text-decoration:none}.actions{display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:center}
.photo{display:block;width:100%;max-height:60vh;object-fit:cover;border-radius:1rem;background:#f5f5f4}
.photo.none{padding:3rem 1rem;text-align:center;color:#57534e}dl{margin:1rem 0}dl div{display:flex;flex-wrap:wrap;
gap:0 .5rem;padding:.35rem 0;border-bottom:1px solid #e7e5e4}dt{font-weight:600;min-width:9rem}dd{margin:0}
blockquote{margin:.5rem 0;padding:.75rem 1rem;background:#fff;border-left:4px solid #c2410c;white-space:pre-line}
.muted{color:#57534e;font-size:.9rem}.languages{display:flex;flex-wrap:wrap;gap:.25rem .9rem;font-size:.9rem}
.languages [aria-current]{font-weight:700;color:#1c1917;text-decoration:none}
.status{display:inline-block;margin:1rem 0 0;padding:.15rem .6rem;border-radius:999px;font-weight:600;font-size:.85rem}
.status.open{background:#fee2e2;color:#991b1b}.status.found{background:#dcfce7;color:#166534}`;

const POSTER_STYLE = `@page{size:A4;margin:12mm}body{max-width:186mm;background:#fff}
h1{font-size:2.6rem;text-align:center;margin:0 0 .5rem}h1 span{display:block;color:#b91c1c;font-size:clamp(1.75rem,10vw,3.2rem);letter-spacing:.04em;overflow-wrap:normal}
.photo{max-height:110mm;width:100%}dl{font-size:1.2rem}blockquote{font-size:1.15rem}
.scan{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-top:1rem}.scan p{flex:1 1 14rem;margin:0}.qr{flex:0 0 38mm}.qr svg{width:38mm;height:38mm;display:block}
.url{font-size:.95rem;color:#44403c}.hint{background:#fef3c7;padding:.5rem .75rem;border-radius:.5rem}
@media print{.hint{display:none}body{padding:0}}`;

function send(
  reply: FastifyReply,
  status: number,
  page: { locale: Locale; title: string; head: string; body: string; poster?: boolean },
) {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      // The dog may be found any minute: the page is asked again each time.
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .send(
        `<!doctype html><html lang="${page.locale}"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title>` +
          `${page.head}<style>${STYLE}${page.poster ? POSTER_STYLE : ''}</style></head><body><main>${page.body}</main></body></html>`,
      )
  );
}
