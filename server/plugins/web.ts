import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '#shared/i18n';
import { PAGE_MODULES, ROUTE_ALIASES, SESSION_RENDERED } from '../../web/src/app/page-modules';
import { SESSION_COOKIE } from '../auth/sessions';
import { entryAndStart, type Manifest, staticClosure } from '../build-manifest';
import { requestLocale } from '../request-locale';
import type { sessionPages } from '../session-pages';

/**
 * The built web app: a page route is sent prerendered in the visitor's language
 * (prerendered/<locale>/<route>.html, made by the build): the one chosen in the app (the cookie), else the
 * browser's (Accept-Language), as the web app itself starts (web/src/lib/locale-choice.ts). An address with a
 * query (a tab, a filter, a token) and any other GET that accepts HTML get the app shell, which renders in
 * the browser: a prerendered page is what the bare address shows before the session is known.
 *
 * Each page's HTML names what its first render needs beyond the entry (issue 32): the app's start, the route's
 * page chunk and its imports, and the catalogue of the visitor's language, so the browser fetches them
 * together instead of in waves: the shell preloads them, a prerendered page names them for after its first
 * paint (web/src/main.tsx), which they would only compete with. A visitor with a session cookie gets `data-session` on
 * <html>, so the app asks for a signed-in page's data at once rather than after the session's answer
 * (web/src/app/route-data.ts); on a page of SESSION_RENDERED, a member gets the page rendered with their
 * session and data (`renderWithSession`, server/session-pages.ts), sent privately.
 */
export async function webPlugin(
  app: FastifyInstance,
  {
    webDist,
    renderWithSession,
  }: { webDist: string; renderWithSession?: ReturnType<typeof sessionPages> | undefined },
) {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
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
  const pages = pageHtml(webDist);
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const [, pathname = '/', query] = /^([^?#]*)([?#].*)?$/.exec(req.url.replace(/(.)\/+(?=$|[?#])/, '$1'))!;
    const alias = ROUTE_ALIASES[pathname];
    if (alias) return reply.redirect(alias + (query ?? ''), 301);
    const locale = requestLocale(req);
    const session = Boolean(req.cookies[SESSION_COOKIE]);
    // The landing page reads no query (a shared link's tracking tags): prerendered with one too.
    const page = pages.get(pathname, locale, session, !query || pathname === '/');
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (encoding) reply.header('content-encoding', encoding);
    reply.header('vary', 'cookie, accept-language, accept-encoding').type('text/html; charset=utf-8');
    const rendered =
      session && !query && SESSION_RENDERED.has(pathname) && page.prerendered
        ? await renderWithSession?.(req, reply, pathname, locale)
        : null;
    if (rendered) {
      const html = withSessionRender(page.html, rendered);
      // One member's page: no shared cache may keep it.
      reply.header('cache-control', 'private, no-cache');
      return reply.send(encoding ? compressFast(html, encoding) : html);
    }
    return reply.header('cache-control', 'no-cache').send(encoding ? page[encoding] : page.html);
  };
  // Its own route: the static plugin would answer `/` itself (a directory, with no index file).
  app.get('/', (req, reply) => {
    if (!hasWeb) return reply.code(404).send({ error: 'NOT_FOUND' });
    return sendPage(req, reply);
  });
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      /text\/html/.test(req.headers.accept ?? '') &&
      !/^\/(trpc|api|media)\b/.test(req.url);
    if (hasWeb && wantsPage) return sendPage(req, reply);
    return reply.code(404).send({ error: 'NOT_FOUND' });
  });
}

/**
 * The build's page with the server's render for one member in place of its markup (and title), and the data
 * it was rendered with, which the app hydrates (web/src/boot.tsx). In a JSON block, which runs nothing: the
 * CSP allows no inline script. "<" escaped, so no text in the data can close the element.
 */
function withSessionRender(built: string, { html, data }: { html: string; data: string }): string {
  const [, title = '', markup] = /^(<title>.*?<\/title>)?([^]*)$/.exec(html)!;
  const start = built.indexOf('>', built.indexOf('<div id="root"')) + 1;
  const end = built.lastIndexOf('</div>', built.indexOf('</body>'));
  const json = data.replaceAll('<', '\\u003c');
  return (
    built.slice(0, start).replace(/<title>.*?<\/title>/, (found) => title || found) +
    markup +
    `</div>\n    <script type="application/json" id="session-data">${json}</script>` +
    built.slice(end + '</div>'.length)
  );
}

/** Per answer, so quicker than the build's copies (Brotli 5 is within a few % of 11 on a page's size). */
function compressFast(html: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(html, { level: 6 });
}

/** A page's prerendered file (scripts/build.mjs). */
const prerenderedFile = (pathname: string, locale: Locale) =>
  path.join('prerendered', locale, `${pathname === '/' ? 'index' : pathname.slice(1)}.html`);

interface Page {
  html: string;
  /** Whether it is the route's prerendered page (not the shell). */
  prerendered: boolean;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The HTML files with their routes' preloads, made once per variant and kept with their compressed copies:
 * the page prerendered in the language when there is one (and `prerender` allows), else the shell in the
 * language. Read again when the build's manifest changes (a rebuild under a running server).
 */
function pageHtml(webDist: string) {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  let builtAt = -1;
  let preloads: ReturnType<typeof preloadsOf> | null = null;
  const made = new Map<string, Page>();

  function current() {
    const mtime = fs.statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime !== builtAt) {
      builtAt = mtime;
      made.clear();
      preloads = mtime ? preloadsOf(JSON.parse(fs.readFileSync(manifestFile, 'utf8'))) : null;
    }
    return preloads;
  }

  return {
    get(pathname: string, locale: Locale, session: boolean, prerender: boolean): Page {
      const found = current();
      const route = pathname in PAGE_MODULES ? pathname : '';
      const key = `${route} ${locale} ${session} ${prerender}`;
      let page = made.get(key);
      if (!page) {
        const prerendered = route && prerender ? prerenderedFile(route, locale) : null;
        const file =
          prerendered && fs.existsSync(path.join(webDist, prerendered)) ? prerendered : 'index.html';
        let html = fs
          .readFileSync(path.join(webDist, file), 'utf8')
          .replace(/<html lang="\w+"/, `<html lang="${locale}"`);
        if (found) {
          const wanted = [found.pages.get(route)!, found.catalogues.get(locale)!];
          const styles = wanted.flatMap((chunks) => chunks.styles);
          const scripts = wanted.flatMap((chunks) => chunks.scripts);
          // A prerendered page paints and shows its largest part without scripts, and links work
          // meanwhile: its scripts are named for after that first paint (web/src/main.tsx), all at once.
          // Preloaded with the HTML they only competed with it (Lighthouse: the landing page's LCP 1.1-1.2 s
          // without them, 2.2 s with; /profil rendered with the session 2.8 s with, 1.2 s without). The
          // shell paints nothing before its scripts: it preloads them.
          const head =
            file === 'index.html'
              ? [
                  ...styles,
                  ...scripts.map((href) => `<link rel="preload" as="script" crossorigin href="${href}">`),
                ]
              : [
                  ...styles,
                  `<script type="application/json" id="after-paint">${JSON.stringify(scripts)}</script>`,
                ];
          html = html.replace('</head>', `${head.join('\n    ')}\n  </head>`);
        }
        if (session) html = html.replace(/<html\b/, '<html data-session');
        page = {
          html,
          prerendered: file !== 'index.html',
          br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: zlib.gzipSync(html, { level: 9 }),
        };
        made.set(key, page);
      }
      return page;
    },
  };
}

/**
 * From the build's manifest: for each route, the scripts of the app's start and of its page chunk, with their
 * imports, that the entry does not already bring (for any other address, the start's), and their styles (as
 * <link>s); for each language, those of its catalogue and names (web/src/lib/intl.tsx).
 */
function preloadsOf(manifest: Manifest) {
  const { entries, start: boot } = entryAndStart(manifest);
  const entry = staticClosure(manifest, entries);
  const links = (keys: string[]) => {
    const chunks = [...staticClosure(manifest, keys)]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]!);
    return {
      styles: chunks
        .flatMap((chunk) => chunk.css ?? [])
        .map((css) => `<link rel="stylesheet" href="/${css}">`),
      scripts: chunks.map((chunk) => `/${chunk.file}`),
    };
  };
  return {
    pages: new Map([
      ['', links(boot)],
      ...Object.entries(PAGE_MODULES).map(([route, module]) => [route, links([...boot, module])] as const),
    ]),
    catalogues: new Map(
      LOCALES.map((locale) => [
        locale,
        links([`../locales/${locale}.json`, `../virtual:display-names/${locale}`]),
      ]),
    ),
  };
}
