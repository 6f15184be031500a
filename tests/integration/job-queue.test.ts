import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { type Jobs, startJobs } from '../../server/jobs/queue';
import { until } from '../helpers/delivery';

/** A logger that keeps the errors it is told of. */
function keptLog() {
  const errors: Array<{ message: string; err: { message?: string; queue?: string } }> = [];
  const log = {
    warn: () => {},
    error: (fields: { err: { message?: string; queue?: string } }, message: string) =>
      void errors.push({ message, err: fields.err }),
    info: () => {},
    debug: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, errors };
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
    const { log, errors } = keptLog();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    try {
      jobs = await startJobs(flaky, log, { pollingSeconds: 0.5 });
      const ran: string[] = [];
      await jobs.work<{ userId: string }>('notices', async ({ userId }) => {
        ran.push(userId);
        if (userId === 'u1') away = true;
      });
      await jobs.send('notices', { userId: 'u1' });
      // pg-boss awaits the job's completion, then its failure; both reject, and it reports that as an error
      // (an unawaited one would be an unhandled rejection, which ends the process).
      const reported = () =>
        errors.some(({ err }) => err.queue === 'notices' && err.message?.startsWith('read ECONNRESET'));
      await until(() => reported() || unhandled.length > 0, 'the error');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(unhandled).toEqual([]);
      expect(ran).toEqual(['u1']);
      expect(reported()).toBe(true);
      expect(errors.every(({ message }) => message === 'job queue error')).toBe(true);
      away = false;
      const { rows } = await real.execute(`select state from pgboss.job where name = 'notices'`);
      expect(rows).toEqual([{ state: 'active' }]);
      // The worker carries on once the database is back.
      await jobs.send('notices', { userId: 'u2' });
      await until(() => ran.includes('u2'), 'the next job');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      process.off('uncaughtException', onUnhandled);
    }
  });
});
