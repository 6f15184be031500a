import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptedLanguages, isLocale, LOCALE_COOKIE, LOCALES, pickLocale } from '#shared/i18n';

/**
 * The built web app: `/` is the landing page prerendered in the visitor's language (index.<locale>.html,
 * made by the build): the one chosen in the app (the cookie), else the browser's (Accept-Language), as the
 * web app itself starts (web/src/lib/locale-choice.ts). Every other GET that accepts HTML gets the app shell
 * (client-side routes).
 */
export async function webPlugin(app: FastifyInstance, { webDist }: { webDist: string }) {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const prerendered = new Set(
    LOCALES.filter((locale) => fs.existsSync(path.join(webDist, `index.${locale}.html`))),
  );
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // The build writes .br and .gz copies beside each text file (scripts/build.mjs).
      preCompressed: true,
      setHeaders(res, file) {
        const immutable = file.startsWith(path.join(webDist, 'assets'));
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Its own route: the static plugin would answer `/` itself (a directory, with no index file).
  app.get('/', (req, reply) => {
    if (!hasWeb) return reply.code(404).send({ error: 'NOT_FOUND' });
    const cookie = req.cookies[LOCALE_COOKIE];
    const locale = isLocale(cookie) ? cookie : pickLocale(acceptedLanguages(req.headers['accept-language']));
    return sendPage(
      reply.header('vary', 'cookie, accept-language'),
      prerendered.has(locale) ? `index.${locale}.html` : 'index.html',
    );
  });
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      /text\/html/.test(req.headers.accept ?? '') &&
      !/^\/(trpc|api|media)\b/.test(req.url);
    if (hasWeb && wantsPage) return sendPage(reply, 'index.html');
    return reply.code(404).send({ error: 'NOT_FOUND' });
  });
}

function sendPage(reply: FastifyReply, file: string) {
  return reply.header('cache-control', 'no-cache').sendFile(file);
}
