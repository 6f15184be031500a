import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from './auth/mailer';
import { createSessionCache } from './auth/session-cache';
import { createBackground } from './background';
import { type Database, openDatabase } from './db/client';
import type { Config } from './env';
import { logDestination } from './logger';
import { apiPlugin } from './plugins/api';
import { healthPlugin } from './plugins/health';
import { mediaPlugin } from './plugins/media';
import { helmetOptions } from './plugins/security-headers';
import { unsubscribePlugin } from './plugins/unsubscribe';
import { calendarPlugin } from './plugins/calendar';
import { lostPagesPlugin } from './plugins/lost-pages';
import { webPlugin } from './plugins/web';
import { sessionPages } from './session-pages';
import { type Bus, createLocalBus, createPostgresBus } from './realtime/bus';
import { startDeliveryWorkers } from './jobs/workers';
import { createJobs } from './jobs/queue';
import { createPushSender } from './push/push-sender';
import { loadDeviceCookies } from './auth/device-cookies';
import { grantAdmin } from './services/account/auth';
import { createUnsubscribeLinks } from './services/delivery/digest';
import { createNotifier } from './services/delivery/notify';
import { REMINDER_SWEEP_EVERY_MS, scheduleReminders } from './services/events/event-notices';
import { requeueUnpushedNotices } from './services/delivery/push-delivery';
import { purgeExpired } from './services/maintenance';
import { createFsStorage } from './storage/fs-storage';
import type { Storage } from './storage/storage';
import type { AppDeps } from './trpc/context';

/** Request fields for the log: the path without its query, which may hold a confirmation or reset token. */
export function requestLogFields(req: { method: string; url: string; ip?: string }) {
  // A calendar feed's secret is its path: never in the log.
  const url = req.url.split('?')[0]!.replace(/^\/api\/calendar\/[^/]+/, '/api/calendar/:token');
  return { method: req.method, url, remoteAddress: req.ip };
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
    /**
     * Starts the job queue, its workers and the sweeps (once; later calls wait for the first). index.ts calls it
     * once the server answers; a call that needs the queue before then waits for it (and starts it).
     */
    startBackground(): Promise<void>;
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
  const jobs = createJobs(db, app.log, { pollingSeconds: config.jobPollSeconds });
  let backgroundWork: Promise<void> | undefined;
  // Before the database closes: running jobs finish, the rest wait in the queue for the next start. A start
  // of the queue still under way (a signal just after start-up) ends first: stopped midway, its workers were
  // added to a stopped queue and the process ended with an error (exit code 1).
  app.addHook('onClose', async () => {
    await backgroundWork?.catch(() => {});
    await jobs.stop();
  });
  const deps: AppDeps = {
    db: db.db,
    background,
    storage,
    bus,
    sessions,
    config,
    jobs,
    notify: createNotifier(jobs, app.log),
    push: await createPushSender(db.db, {
      vapid: config.vapid,
      subject: config.vapidSubject,
      services: config.pushServices,
    }),
    unsubscribe: await createUnsubscribeLinks(db.db, config.publicUrl),
    devices: await loadDeviceCookies(db.db),
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
  const maintenance = maintenanceOf(app, deps);
  app.addHook('onClose', async () => maintenance.stop());
  const startBackground = () =>
    (backgroundWork ??= (async () => {
      await jobs.start();
      if (config.jobWorkers) await startDeliveryWorkers(deps);
      maintenance.start();
    })());
  app.decorate('startBackground', startBackground);
  // Until then, a call that may queue a job waits: pages, scripts and the health check do not.
  const afterBackground = (scope: FastifyInstance) =>
    scope.addHook('onRequest', (_req, _reply, done) => {
      if (jobs.started) return done();
      startBackground().then(() => done(), done);
    });

  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1_048_576 } });
  await app.register(async (scope) => {
    afterBackground(scope);
    await scope.register(apiPlugin, { deps });
  });
  // Pages, photos, uploads and the health check get helmet's headers for documents; /trpc has its own.
  await app.register(async (scope) => {
    await scope.register(fastifyHelmet, helmetOptions(config.publicUrl, storage, config.mapTiles.origin));
    await scope.register(healthPlugin, { database: db });
    await scope.register(webPlugin, { webDist: config.webDist, renderWithSession: sessionPages(deps) });
    await scope.register(async (calls) => {
      afterBackground(calls);
      await calls.register(mediaPlugin, { deps, uploadsDir });
      await calls.register(unsubscribePlugin, { deps });
      await calls.register(calendarPlugin, { deps });
      await calls.register(lostPagesPlugin, { deps });
    });
  });
  return app;
}

/**
 * Hourly: clean-up, and the reminders of events starting soon (these also once at start). Every instance
 * may run it: the deletes are idempotent, and a reminder queued or sent already is not queued or sent again.
 */
function maintenanceOf(app: FastifyInstance, deps: AppDeps) {
  const remind = () =>
    scheduleReminders(deps)
      .then((events) => app.log.debug({ events }, 'event reminders scheduled'))
      .catch((err: unknown) => app.log.error({ err }, 'scheduling event reminders failed'));
  const requeue = () =>
    requeueUnpushedNotices(deps)
      .then((users) => app.log.debug({ users }, 'unpushed notices requeued'))
      .catch((err: unknown) => app.log.error({ err }, 'requeueing unpushed notices failed'));
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => {
        purgeExpired(deps.db, deps.storage)
          .then((removed) => app.log.debug({ removed }, 'purged expired rows'))
          .catch((err: unknown) => app.log.error({ err }, 'maintenance failed'));
        void remind();
        void requeue();
      }, REMINDER_SWEEP_EVERY_MS);
      timer.unref();
      void remind();
      void requeue();
    },
    stop: () => clearInterval(timer),
  };
}
