import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import type { TRPCError } from '@trpc/server';
import { getWSConnectionHandler } from '@trpc/server/adapters/ws';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createMailer, type Mailer } from './auth/mailer';
import { createBackground } from './background';
import { clientKey } from './client-address';
import { logDestination } from './logger';
import { SESSION_COOKIE } from './auth/sessions';
import { type Database, openDatabase } from './db/client';
import type { Config } from './env';
import { uploadRoute } from './media/upload-route';
import { type Bus, createLocalBus, createPostgresBus } from './realtime/bus';
import { createSocketLimits } from './realtime/socket-limits';
import { createSessionCache } from './auth/session-cache';
import { appRouter, type AppRouter } from './routers/_app';
import { grantAdmin } from './services/auth';
import { purgeExpired } from './services/maintenance';
import { createFsStorage, MEDIA_PREFIX } from './storage/fs-storage';
import type { Storage } from './storage/storage';
import { type AppDeps, type Context, isCrossOrigin, resolveUser, tokenFrom } from './trpc/context';
import { serveTrpcOverHttp } from './trpc/http';
import { asTRPCError, isServerFault } from './trpc/init';
import { AppError } from '../src/errors';
import { LIMITS } from '../src/limits';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES } from '../src/i18n';

/** How long browsers keep to HTTPS once told (180 days, helmet's default), for pages and API answers alike. */
const HSTS_MAX_AGE = 15_552_000;

/** Calls one HTTP batch may carry; the web client batches far fewer. */
export const MAX_BATCH_SIZE = 50;

/** Request fields for the log: the path without its query, which may hold a confirmation or reset token. */
export function requestLogFields(req: { method: string; url: string; ip?: string }) {
  return { method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip };
}

export interface BuildOptions {
  config: Config;
  /** An open database (tests share one); otherwise opened from the config and closed with the app. */
  database?: Database;
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    database: Database;
  }
}

/** The whole server as a Fastify instance that has not started listening. */
export async function buildApp({ config, database, mailer }: BuildOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestLogFields }, stream: logDestination },
    // A hop count trusts that many proxies nearest to us (Fastify's types take it as a function).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1_048_576,
    // Requests in flight finish on shutdown; idle keep-alive connections close at once.
    forceCloseConnections: 'idle',
    // tRPC batches put every procedure name in the path (`/trpc/auth.me,auth.me,…`).
    routerOptions: { maxParamLength: 5000 },
  });
  const db = database ?? (await openDatabase(config));
  if (!database) app.addHook('onClose', () => db.close());
  const bus: Bus = db.sql ? await createPostgresBus(db.sql) : createLocalBus();
  // Registered after the database's hook, so it runs first: LISTEN ends before the connections close.
  app.addHook('onClose', () => bus.close());
  const uploadsDir = path.join(config.dataDir, 'uploads');
  // The S3 client (minio) takes a third of a second to load: only when it is used.
  const storage: Storage = config.s3
    ? await (await import('./storage/s3-storage')).createS3Storage(config.s3, app.log)
    : createFsStorage(uploadsDir);
  const sessions = createSessionCache(db.db, bus);
  app.addHook('onClose', async () => sessions.close());
  const background = createBackground(app.log);
  // Mail asked for just before a shutdown still goes out.
  app.addHook('onClose', () => background.settled());
  const deps: AppDeps = {
    db: db.db,
    background,
    storage,
    bus,
    sessions,
    config,
    log: app.log,
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
  };
  app.decorate('deps', deps);
  app.decorate('database', db);
  if (config.adminEmails.length) await grantAdmin(db.db, config.adminEmails);
  startMaintenance(app, deps);

  const secure = config.publicUrl.startsWith('https://');
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1_048_576 } });

  const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure } as const;
  const socketLimits = createSocketLimits();

  await app.register(async (scope) => {
    // API answers are JSON, never pages: not helmet's headers for documents (its hooks build them anew on every
    // request, a large share of a small procedure's CPU time; see bench/throughput.ts) but the ones that matter
    // for JSON (OWASP's REST list), made once. Answers hold private data: no cache keeps them.
    const apiHeaders: Record<string, string> = {
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      ...(secure ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE}; includeSubDomains` } : {}),
    };
    // Not async: a hook without a promise costs less on every call.
    scope.addHook('onRequest', (req, reply, done) => {
      if (req.headers.upgrade?.toLowerCase() !== 'websocket') reply.headers(apiHeaders);
      // A browser may open the socket only from our own pages: it carries the session cookie.
      else if (isCrossOrigin(req.headers, config.publicUrl))
        return void reply.code(403).send({ error: 'CROSS_ORIGIN' });
      else if (socketLimits.clientFull(clientKey(req.ip)))
        return void reply.code(429).send({ error: 'TOO_MANY_CONNECTIONS' });
      done();
    });
    /** The caller's context: from the HTTP request, or from the socket's opening request and its params. */
    const contextFor = async (
      headers: IncomingMessage['headers'],
      cookies: Record<string, string | undefined>,
      reply: FastifyReply | null,
      client: string,
      paramToken?: string,
    ): Promise<Context> => {
      const token = paramToken || tokenFrom(headers, cookies);
      const session = await resolveUser(deps.sessions.validate, token);
      // Every field named, not `...deps`: properties added after a spread cost a map transition each, per call.
      const context: Context = {
        db: deps.db,
        storage: deps.storage,
        bus: deps.bus,
        log: deps.log,
        config: deps.config,
        mailer: deps.mailer,
        background: deps.background,
        sessions: deps.sessions,
        user: session.user,
        sessionToken: session.sessionToken,
        client,
        socket: undefined,
        setSessionCookie: (value, expires) => {
          void reply?.setCookie(SESSION_COOKIE, value, { ...cookieOptions, expires });
        },
        clearSessionCookie: () => {
          void reply?.clearCookie(SESSION_COOKIE, cookieOptions);
        },
      };
      // A session extended on the server gets a cookie with the new expiry too.
      if (session.renewed && session.sessionToken && session.expiresAt)
        context.setSessionCookie(session.sessionToken, session.expiresAt);
      return context;
    };
    const onError = (error: TRPCError, procedure: string | undefined) => {
      if (isServerFault(error)) app.log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
    };

    serveTrpcOverHttp(scope, {
      router: appRouter,
      prefix: '/trpc',
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: (req, reply) => contextFor(req.headers, req.cookies, reply, clientKey(req.ip)),
      // Browsers may only change state from our own origin (a socket's origin is checked as it opens).
      mutationRefusal: (req) =>
        isCrossOrigin(req.headers, config.publicUrl) ? asTRPCError(new AppError('CROSS_ORIGIN')) : null,
      onError,
    });
    // Subscriptions (and anything else a client sends over the socket) use tRPC's WebSocket handler.
    const onConnection = getWSConnectionHandler<AppRouter>({
      wss: app.websocketServer,
      router: appRouter,
      // Server pings off: the client pings (tRPC 11.19 answers server pings twice).
      keepAlive: { enabled: false },
      createContext: async ({ req, info }) => {
        const context = await contextFor(
          req.headers,
          app.parseCookie(req.headers.cookie ?? ''),
          null,
          socketClients.get(req) ?? 'unknown',
          info.connectionParams?.token,
        );
        // tRPC aborts the connection's signal when the socket closes; each subscription listens to it.
        setMaxListeners(LIMITS.websocket.subscriptionsPerSocket + 10, info.signal);
        if (context.user) socketLimits.holdForUser(context.user.id, info.signal);
        context.socket = { closed: info.signal, subscriptions: 0 };
        return context;
      },
      onError: ({ error, path }) => onError(error, path),
    });
    // tRPC's handler sees the raw request; the client's address comes from Fastify's (TRUST_PROXY).
    const socketClients = new WeakMap<IncomingMessage, string>();
    scope.get('/trpc', { websocket: true }, (socket, req) => {
      const client = clientKey(req.ip);
      const closed = new AbortController();
      socket.once('close', () => closed.abort());
      // Exact here (the upgrade check above can be passed by several sockets opening at once).
      if (!socketLimits.holdForClient(client, closed.signal))
        return socket.close(1008, 'TOO_MANY_CONNECTIONS');
      socketClients.set(req.raw, client);
      onConnection(socket, req.raw);
    });
  });

  // Pages, photos, uploads and the health check get helmet's headers for documents; /trpc has its own above.
  await app.register(async (scope) => {
    await scope.register(fastifyHelmet, helmetOptions(config.publicUrl, secure, storage));
    scope.get('/healthz', async (_req, reply) => {
      try {
        // A database that does not answer (unreachable host, stuck restart) would hold the check for the
        // driver's 30-second connect timeout; load balancers give up long before, so answer 503 sooner.
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database did not answer in 3 s')), 3_000);
        });
        await Promise.race([db.db.execute(sql`select 1`), timeout]).finally(() => clearTimeout(timer));
        return { status: 'ok' };
      } catch (err) {
        app.log.error({ err }, 'health check failed');
        return reply.code(503).send({ status: 'unavailable' });
      }
    });

    await uploadRoute(scope, deps);
    if (!config.s3) await serveMedia(scope, uploadsDir);
    await serveWeb(scope, config.webDist);
  });
  return app;
}

/** Helmet's headers for pages: a CSP for the built app, HSTS behind HTTPS. */
function helmetOptions(publicUrl: string, secure: boolean, storage: Storage) {
  const wsOrigin = publicUrl.replace(/^http/, 'ws');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position elements with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(storage.origin ? [storage.origin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", wsOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  } satisfies FastifyHelmetOptions;
}

/** Hourly clean-up; every instance may run it, the deletes are idempotent. */
function startMaintenance(app: FastifyInstance, deps: AppDeps) {
  const timer = setInterval(() => {
    purgeExpired(deps.db, deps.storage)
      .then((removed) => app.log.debug({ removed }, 'purged expired rows'))
      .catch((err: unknown) => app.log.error({ err }, 'maintenance failed'));
  }, 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Photos from local storage. Names are random and never reused, so browsers may keep them for good. */
async function serveMedia(app: FastifyInstance, root: string) {
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}

/**
 * The built web app: `/` is the landing page prerendered in the visitor's language (index.<locale>.html,
 * made by the build), and every other GET that accepts HTML gets the app shell (client-side routes).
 */
async function serveWeb(app: FastifyInstance, webDist: string) {
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
    const locale = isLocale(cookie) ? cookie : DEFAULT_LOCALE;
    return sendPage(
      reply.header('vary', 'cookie'),
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
