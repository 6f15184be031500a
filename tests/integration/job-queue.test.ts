import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { type Jobs, startJobs } from '../../server/jobs/queue';
import { until } from '../helpers/delivery';

/** A logger that keeps the warnings. */
function keptLog() {
  const warnings: string[] = [];
  const log = {
    warn: (_: unknown, message: string) => void warnings.push(message),
    error: () => {},
    info: () => {},
    debug: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

describe('the job queue when the database goes away', () => {
  let database: Database | undefined;
  let jobs: Jobs | undefined;
  afterEach(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('a job whose outcome cannot be recorded stays active to run again; the process carries on', async () => {
    const real = await openDatabase({ databaseUrl: 'memory://', dataDir: 'unused' });
    database = real;
    // The database is away from the moment the job has run, as when PostgreSQL restarts.
    let away = false;
    const flaky: Database = {
      ...real,
      execute: (text, values) =>
        away
          ? Promise.reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))
          : real.execute(text, values),
    };
    const { log, warnings } = keptLog();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      jobs = await startJobs(flaky, log, { pollingSeconds: 0.5 });
      const ran: string[] = [];
      await jobs.work<{ userId: string }>('notices', async ({ userId }) => {
        ran.push(userId);
        away = true;
      });
      await jobs.send('notices', { userId: 'u1' });
      await until(() => warnings.length > 0, 'the warning');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ran).toEqual(['u1']);
      expect(warnings).toEqual(['could not record a job’s outcome; it runs again once expired']);
      expect(unhandled).toEqual([]);
      away = false;
      const { rows } = await real.execute(`select state from pgboss.job where name = 'notices'`);
      expect(rows).toEqual([{ state: 'active' }]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
