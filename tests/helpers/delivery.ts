import { sleep } from './instances';
import { type DbKind, startTestApp, type TestApp } from './app';
import { type PushService, startPushService } from './push-service';

/**
 * For tests of what reaches people away from the app: the job queue's workers on (polling every 0.5 s), a
 * local push service, and ways to see and hurry the queue's jobs.
 */

/** A test app that delivers its jobs, and the push service its users' devices subscribe to. */
export async function startDelivery(kind: DbKind): Promise<{ t: TestApp; push: PushService }> {
  const push = await startPushService();
  const t = await startTestApp(kind, { JOB_WORKERS: 'true', JOB_POLL_SECONDS: '0.5' });
  return { t, push };
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
