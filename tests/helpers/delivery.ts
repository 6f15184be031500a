import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './instances';
import { type DbKind, startTestApp, type TestApp } from './app';
import { type PushService, startPushService } from './push-service';

/**
 * For tests of what reaches people away from the app: the job queue's workers on (polling every 0.5 s), a
 * local push service, and ways to see and hurry the queue's jobs.
 */

/** Settings of an app whose job queue's workers deliver (polling every 0.5 s). */
export const WORKING = { JOB_WORKERS: 'true', JOB_POLL_SECONDS: '0.5' };

/** A test app that delivers its jobs, and the push service its users' devices subscribe to. */
export async function startDelivery(kind: DbKind): Promise<{ t: TestApp; push: PushService }> {
  const push = await startPushService();
  const t = await startTestApp(kind, WORKING);
  return { t, push };
}

/**
 * A database that outlives its apps, for restarts: PGlite in a folder of its own, or the first app's
 * throwaway PostgreSQL database. `start` opens an app on it (with `env` added); `remove` deletes the folder.
 */
export function lastingDatabase(kind: DbKind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-lasting-'));
  let databaseUrl: string | undefined;
  return {
    async start(env: Record<string, string> = {}): Promise<TestApp> {
      const where =
        kind === 'pglite'
          ? { DATABASE_URL: '', DATA_DIR: dataDir }
          : databaseUrl === undefined
            ? {}
            : { DATABASE_URL: databaseUrl };
      const app = await startTestApp(kind, { ...where, ...env });
      databaseUrl ??= app.config.databaseUrl ?? '';
      return app;
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Two delivering instances on one PostgreSQL database, and the push service their users subscribe to. */
export async function startTwoInstances(kind: DbKind) {
  const push = await startPushService();
  const a = await startTestApp(kind, WORKING);
  const b = await startTestApp(kind, { ...WORKING, DATABASE_URL: a.config.databaseUrl ?? '' });
  return {
    push,
    a,
    b,
    async close() {
      await b.close();
      await a.close();
      await push.close();
    },
  };
}

/** Waits for `check` (polling); fails with `what` after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(25);
  }
}

/** Jobs of `queue` waiting (state created), the soonest first, as pg-boss keeps them. */
export async function waitingJobs(t: TestApp, queue: string) {
  const { rows } = await t.app.database.execute(
    `select id, data, start_after from pgboss.job where name = $1 and state = 'created' order by start_after`,
    [queue],
  );
  return rows as Array<{ id: string; data: Record<string, string>; start_after: Date }>;
}

/** The waiting jobs of `queue` are due now (time passing, without waiting for it). */
export async function dueNow(t: TestApp, queue: string) {
  await t.app.database.execute(
    `update pgboss.job set start_after = now() where name = $1 and state = 'created'`,
    [queue],
  );
}
