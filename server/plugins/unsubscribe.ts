import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NOTIFY_TOPICS, type NotifyTopic } from '#shared/domain/notify';
import { isLocale, type Locale } from '#shared/i18n';
import { users } from '../db/schema';
import { escapeHtml } from '../html-escape';
import { formatMessage } from '../locales';
import { unsubscribe } from '../services/delivery/digest';
import type { AppDeps } from '../trpc/context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function page(reply: FastifyReply, locale: Locale, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}` +
        `button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#b45309;color:#fff;cursor:pointer}</style>` +
        `</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/**
 * The summary e-mail's unsubscribe links (`/api/unsubscribe?u=&t=&s=`): GET shows a page with one button (mail
 * scanners follow links, so a GET changes nothing); POST, from that button or a mail client's one-click
 * unsubscribe (RFC 8058), turns the topic's e-mail off.
 */
export async function unsubscribePlugin(scope: FastifyInstance, { deps }: { deps: AppDeps }) {
  // RFC 8058's body (List-Unsubscribe=One-Click) in either form encoding mail providers send, and the page's
  // form: the query says everything, the body is not read.
  scope.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    (_req, _body, done) => done(null, {}),
  );
  const parse = async (query: unknown) => {
    const { u, t, s } = (query ?? {}) as Record<string, unknown>;
    const topic = t === 'all' || NOTIFY_TOPICS.includes(t as NotifyTopic) ? (t as NotifyTopic | 'all') : null;
    const valid =
      typeof u === 'string' &&
      UUID.test(u) &&
      topic !== null &&
      typeof s === 'string' &&
      deps.unsubscribe.verify(u, topic, s);
    if (!valid) return null;
    const [user] = await deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, u));
    return user ? { userId: u, topic, locale: isLocale(user.locale) ? user.locale : ('sl' as Locale) } : null;
  };
  const topicName = (locale: Locale, topic: NotifyTopic | 'all') =>
    formatMessage(locale, topic === 'all' ? 'unsubscribe.all' : `notify.topic.${topic}`);

  scope.get('/api/unsubscribe', async (req, reply) => {
    const link = await parse(req.query);
    if (!link) return page(reply, 'sl', 404, formatMessage('sl', 'unsubscribe.invalid'), '');
    const { locale, topic } = link;
    const action = escapeHtml(req.url);
    return page(
      reply,
      locale,
      200,
      formatMessage(locale, 'unsubscribe.title'),
      `<p>${escapeHtml(formatMessage(locale, 'unsubscribe.question', { topic: topicName(locale, topic) }))}</p>` +
        `<form method="post" action="${action}"><button type="submit">${escapeHtml(formatMessage(locale, 'unsubscribe.confirm'))}</button></form>`,
    );
  });
  scope.post('/api/unsubscribe', async (req, reply) => {
    const link = await parse(req.query);
    if (!link) return page(reply, 'sl', 404, formatMessage('sl', 'unsubscribe.invalid'), '');
    await unsubscribe(deps.db, link.userId, link.topic);
    const { locale, topic } = link;
    return page(
      reply,
      locale,
      200,
      formatMessage(locale, 'unsubscribe.done'),
      `<p>${escapeHtml(formatMessage(locale, 'unsubscribe.doneText', { topic: topicName(locale, topic), settings: `${deps.config.publicUrl}/profil` }))}</p>`,
    );
  });
}
