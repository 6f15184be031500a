import type { FastifyInstance } from 'fastify';
import { type Database, openDatabase } from './db/client';
import { loadConfig } from './env';
import { flushLog } from './logger';

/** Start the server: read the settings, open the database, listen, and stop cleanly on a signal. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // Filled in as start-up proceeds; a signal may arrive at any point.
  const running: { app?: FastifyInstance; database?: Database } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    running.app?.log.info({ signal }, 'shutting down');
    // The deadline fires whatever else hangs: log lines are written asynchronously (server/logger.ts).
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await running.app?.close();
    await running.database?.close();
    await flushLog(2_000);
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The database opens while the rest of the server loads (app.ts is a separate chunk in the bundle).
  const opening = openDatabase(config);
  opening.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled
  const { buildApp } = await import('./app');
  const database = (running.database = await opening);
  const app = (running.app = await buildApp({ config, database }));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Tačke is ready at ${config.publicUrl}`);
  // The job queue, its workers and the sweeps, once pages and the health check answer.
  await app.startBackground();
  // The embedded default comes with the demo set, made in the background on the first start.
  if (config.seedDemo && !config.databaseUrl) {
    const { seedDemo } = await import('./demo/seed');
    seedDemo(app.deps).then(
      (dogs) => dogs && app.log.info({ dogs }, 'demo data seeded'),
      (err: unknown) => app.log.error({ err }, 'demo data not seeded'),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
