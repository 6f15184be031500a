import type { FastifyRequest } from 'fastify';
import { acceptedLanguages, isLocale, LOCALE_COOKIE, type Locale, pickLocale } from '#shared/i18n';

/**
 * The language a page is sent in: the one chosen in the app (the cookie), else the browser's
 * (Accept-Language), as the web app itself starts (web/src/lib/locale-choice.ts).
 */
export function requestLocale(req: FastifyRequest): Locale {
  const cookie = req.cookies[LOCALE_COOKIE];
  return isLocale(cookie) ? cookie : pickLocale(acceptedLanguages(req.headers['accept-language']));
}
