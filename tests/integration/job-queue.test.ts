import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { setAsideVersion10, VERSION_10 } from '../../server/jobs/pgboss-v10';
import { type Jobs, startJobs } from '../../server/jobs/queue';
import { ROOT } from '../../server/paths';
import { dbKinds } from '../helpers/app';
import { until } from '../helpers/delivery';
import { createDatabase } from '../helpers/postgres';

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

describe.each(dbKinds())('a job that fails (%s)', (kind) => {
  let database: Database | undefined;
  let jobs: Jobs | undefined;
  afterEach(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('is kept to try again later, its failure recorded without a queue error', async () => {
    const databaseUrl = kind === 'pglite' ? 'memory://' : await createDatabase(inject('postgresUrl'));
    database = await openDatabase({ databaseUrl, dataDir: 'unused' });
    const { log, errors } = keptLog();
    jobs = await startJobs(database, log, { pollingSeconds: 0.5 });
    await jobs.work<{ userId: string }>('notices', async () => {
      throw new Error('push service away');
    });
    await jobs.send('notices', { userId: 'u1' });
    const row = async () =>
      (
        await database!.execute(
          `select state, start_after > now() as later from pgboss.job where name = 'notices'`,
        )
      ).rows[0] as { state: string; later: boolean } | undefined;
    // pg-boss records a failure with the retry's start time (a Date it binds as a parameter).
    await until(async () => (await row())?.state === 'retry' || errors.length > 0, 'the failure recorded');
    expect(errors).toEqual([]);
    expect(await row()).toEqual({ state: 'retry', later: true });
  });
});

/**
 * A database pg-boss 10 made (tests/fixtures/pgboss-v10.sql: its schema as it wrote it, Tačke's queues and one
 * job done and five still to run). pg-boss 12 migrates only from pg-boss 11's schema on; the jobs still to run
 * must not be lost on the way (server/jobs/pgboss-v10.ts).
 */
describe.each(dbKinds())('the job queue on a database pg-boss 10 made (%s)', (kind) => {
  let database: Database | undefined;
  let jobs: Jobs | undefined;
  afterEach(async () => {
    await jobs?.stop();
    await database?.close();
  });

  async function databaseOfVersion10() {
    const databaseUrl = kind === 'pglite' ? 'memory://' : await createDatabase(inject('postgresUrl'));
    database = await openDatabase({ databaseUrl, dataDir: 'unused' });
    await database.execute(fs.readFileSync(path.join(ROOT, 'tests/fixtures/pgboss-v10.sql'), 'utf8'));
    // As if pg-boss 10 had stopped a moment ago (the fixture's times are those of the day it was written).
    await database.execute(`
      update pgboss.job set created_on = created_on + shift, start_after = start_after + shift,
        started_on = started_on + shift, completed_on = completed_on + shift, keep_until = keep_until + shift
      from (select now() - max(created_on) as shift from pgboss.job) s`);
    return database;
  }

  const waiting = async (db: Database) =>
    (
      await db.execute(
        `select name, data, state, retry_count as "retryCount", singleton_key as "singletonKey",
           start_after > now() + interval '1 year' as later
         from pgboss.job where state in ('created', 'retry', 'active') order by name`,
      )
    ).rows;

  it('starts on it and keeps every job still to run, then runs them', async () => {
    const db = await databaseOfVersion10();
    const ids = `select id from pgboss.job where state in ('created', 'retry', 'active') order by id`;
    const idsBefore = (await db.execute(ids)).rows;
    jobs = await startJobs(db, keptLog().log, { pollingSeconds: 0.5 });
    const { rows } = await db.execute(`select version from pgboss.version`);
    expect(Number((rows[0] as { version: unknown }).version)).toBeGreaterThan(VERSION_10);
    expect((await db.execute(ids)).rows).toEqual(idsBefore);
    expect(await waiting(db)).toEqual([
      // Held by an instance since stopped: runs again now.
      {
        name: 'announce',
        data: { id: 'a-held' },
        state: 'retry',
        retryCount: 0,
        singletonKey: null,
        later: false,
      },
      {
        name: 'digest',
        data: { userId: 'u-digest' },
        state: 'created',
        retryCount: 0,
        singletonKey: 'u-digest',
        later: false,
      },
      {
        name: 'mail',
        data: { to: 'retry@example.org' },
        state: 'retry',
        retryCount: 1,
        singletonKey: null,
        later: false,
      },
      {
        name: 'notices',
        data: { userId: 'u-waiting' },
        state: 'created',
        retryCount: 0,
        singletonKey: null,
        later: false,
      },
      {
        name: 'suspension-end',
        data: { userId: 'u-later' },
        state: 'created',
        retryCount: 0,
        singletonKey: null,
        later: true,
      },
    ]);
    // The one done stays with pg-boss 10's schema, set aside; nothing waits there any more.
    expect((await db.execute(`select state, data from pgboss_v10.job order by name`)).rows).toEqual([
      { state: 'completed', data: { userId: 'u-done' } },
    ]);
    // The queue's policy holds for the moved job: a second digest for the same user folds into it.
    expect(await jobs.send('digest', { userId: 'u-digest' }, { singletonKey: 'u-digest' })).toBeNull();
    const ran: unknown[] = [];
    await jobs.work('notices', async (data) => void ran.push(data));
    await jobs.work('announce', async (data) => void ran.push(data));
    await until(() => ran.length === 2, 'the moved jobs to run');
    expect(ran).toEqual(expect.arrayContaining([{ userId: 'u-waiting' }, { id: 'a-held' }]));
  });

  it('a second start finds nothing left to move and keeps what it moved', async () => {
    const db = await databaseOfVersion10();
    jobs = await startJobs(db, keptLog().log, { pollingSeconds: 0.5 });
    const before = await waiting(db);
    await jobs.stop();
    jobs = await startJobs(db, keptLog().log, { pollingSeconds: 0.5 });
    expect(await waiting(db)).toEqual(before);
    expect(before).toHaveLength(5);
  });

  it('a move a crash cut short resumes on the next start', async () => {
    const db = await databaseOfVersion10();
    // The crash: pg-boss 10's schema set aside, nothing made or moved yet.
    await setAsideVersion10(db, 'pgboss', keptLog().log);
    jobs = await startJobs(db, keptLog().log, { pollingSeconds: 0.5 });
    expect(await waiting(db)).toHaveLength(5);
  });
});
