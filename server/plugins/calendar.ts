import type { FastifyInstance, FastifyReply } from 'fastify';
import { isLocale, type Locale, LOCALE_COOKIE } from '#shared/i18n';
import { formatMessage } from '../locales';
import { eventCalendar, feedCalendar } from '../services/events/calendar';
import { type AppDeps, resolveUser, tokenFrom } from '../trpc/context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A feed's secret: 32 random bytes, base64url. */
const FEED_TOKEN = /^([A-Za-z0-9_-]{43})\.ics$/;

function ics(reply: FastifyReply, text: string, filename: string, download: boolean) {
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(text);
}

/**
 * Calendars over plain HTTP (issue 21): `/api/events/<id>/calendar.ics` downloads one event (as its viewer
 * may see it; visitors too), `/api/calendar/<token>.ics` is a user's private feed, which calendar apps fetch
 * by themselves (webcal://), so the secret in the address is the only key (kept out of the request log:
 * requestLogFields in app.ts).
 */
export async function calendarPlugin(scope: FastifyInstance, { deps }: { deps: AppDeps }) {
  scope.get<{ Params: { id: string } }>('/api/events/:id/calendar.ics', async (req, reply) => {
    if (!UUID.test(req.params.id)) return reply.code(404).send();
    const { user } = await resolveUser(deps.sessions.validate, tokenFrom(req.headers, req.cookies));
    const cookie = req.cookies[LOCALE_COOKIE];
    const locale: Locale = cookie && isLocale(cookie) ? cookie : 'sl';
    const text = await eventCalendar(deps.db, user?.id ?? null, req.params.id, {
      publicUrl: deps.config.publicUrl,
      locale,
    });
    if (!text) return reply.code(404).send();
    return ics(reply, text, `event-${req.params.id.slice(0, 8)}.ics`, true);
  });

  scope.get<{ Params: { file: string } }>('/api/calendar/:file', async (req, reply) => {
    const token = FEED_TOKEN.exec(req.params.file)?.[1];
    const text =
      token &&
      (await feedCalendar(deps.db, token, deps.config.publicUrl, (locale) =>
        formatMessage(locale, 'calendar.feedName'),
      ));
    if (!text) return reply.code(404).send();
    return ics(reply, text, 'tacke.ics', false);
  });
}
