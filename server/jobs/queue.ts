import type { FastifyBaseLogger } from 'fastify';
import { type JobResult, PgBoss, type QueueOptions, type QueuePolicy, type SendOptions } from 'pg-boss';
import type { Database, Tx } from '../db/client';
import { afterCommit, inLibrary, type LibraryDb } from '../db/transact';
import { moveVersion10Jobs, setAsideVersion10 } from './pgboss-v10';

/**
 * The job queue (pg-boss) in the application's own database: PGlite by default, PostgreSQL otherwise, through
 * the same connections as everything else. Jobs survive restarts; with several instances each job runs once
 * (pg-boss claims with SKIP LOCKED). pg-boss creates and migrates its schema (`pgboss`) by itself, except from
 * pg-boss 10's, which it cannot migrate: pgboss-v10.ts moves the jobs of such a database across.
 */

/**
 * Queues and their pg-boss policies. short: at most one waiting job per singleton key, so a burst becomes one
 * job (a chat's pushes, a user's summary e-mail).
 */
export const QUEUES = {
  /** A user's new notices → push. */
  notices: 'standard',
  /** A chat's new messages → one push for the recipient, then a pause (LIMITS.notify.messagePushEveryMinutes). */
  'chat-push': 'short',
  /** A user away with things waiting → one summary e-mail. */
  digest: 'short',
  /** An announcement → every user who wants one. */
  announce: 'standard',
  /** An owner's check-in at a place → a push to each of their matches who asked for one. */
  'check-in': 'standard',
  /** A lost-dog alert, widened or found → owners within its radius (services/delivery/lost-alert-delivery.ts). */
  'lost-alert': 'standard',
  /** An event's reminder a day or an hour before its start → notices to its organiser and attendees. */
  'event-reminder': 'short',
  /** An edited event → one change notice, a few minutes after the first edit of a burst. */
  'event-changed': 'short',
  /** A suspension's end → the user's dogs back into the decks that walked past them. */
  'suspension-end': 'standard',
  /** An account or moderation e-mail (services/delivery/mail-delivery.ts). */
  mail: 'standard',
} as const satisfies Record<string, QueuePolicy>;
export type QueueName = keyof typeof QUEUES;

/**
 * Where a job is queued: `tx` queues it with the write it delivers (it exists if and only if that commits;
 * see db/transact.ts), else on its own.
 */
export interface InTransaction {
  tx?: Tx;
}

export interface Jobs {
  /** Queues a job; null when the queue's policy folded it into one already waiting. */
  send(queue: QueueName, data: object, options?: SendOptions & InTransaction): Promise<string | null>;
  /** Queues many jobs in one statement; those the queue's policy folds into one already waiting are dropped. */
  sendMany(
    queue: QueueName,
    jobs: Array<{ data: object; singletonKey: string; startAfter?: Date }>,
    options?: InTransaction,
  ): Promise<void>;
  /** Runs `handle` for each job of `queue` on this instance, until `stop`. A throw retries the job later. */
  work<T extends object>(queue: QueueName, handle: (data: T) => Promise<void>): Promise<void>;
  /**
   * Creates or migrates the queue's schema and queues, once (later calls wait for the first). Sending or working
   * before it has finished throws: on PGlite a send inside a transaction that waited for the start would wait
   * forever, as the start's statements wait for that transaction.
   */
  start(): Promise<void>;
  readonly started: boolean;
  stop(): Promise<void>;
}

const SCHEMA = 'pgboss';

/**
 * What every queue's jobs inherit (pg-boss keeps them on the queue). Failed jobs try again (a push service
 * or SMTP away for a while), then stay for inspection; a job whose instance went away runs again once it
 * has been active this long.
 */
const QUEUE_OPTIONS = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
} as const satisfies QueueOptions;

export interface JobsOptions {
  /** How often an idle worker looks for jobs (pg-boss polls; 2 s by default). */
  pollingSeconds?: number;
}

/** A queue that is started and ready (tests, scripts). */
export async function startJobs(database: Database, log: FastifyBaseLogger, options?: JobsOptions) {
  const jobs = createJobs(database, log, options);
  await jobs.start();
  return jobs;
}

/** The queue, not started yet: the server starts it once it answers (app.ts). */
export function createJobs(
  database: Database,
  log: FastifyBaseLogger,
  { pollingSeconds = 2 }: JobsOptions = {},
): Jobs {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.execute(text, values) },
    schema: SCHEMA,
    // Cron schedules are not used; their clock monitor would poll for nothing.
    schedule: false,
  });
  // pg-boss reports database trouble as events; unheard, an 'error' event would end the process.
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // Slow statements, a queue piling up, a start that had to try again.
  boss.on('warning', ({ message, data }) => log.warn({ data }, `job queue: ${message}`));
  // Instances starting together on a new database would deadlock creating pg-boss's schema and queues.
  const setUp = () =>
    database.serialised(async () => {
      await setAsideVersion10(database, SCHEMA, log);
      await boss.start();
      for (const [name, policy] of Object.entries(QUEUES)) {
        const queue = await boss.getQueue(name);
        if (!queue) await boss.createQueue(name, { policy, ...QUEUE_OPTIONS });
        else if (
          Object.entries(QUEUE_OPTIONS).some(([key, value]) => queue[key as keyof QueueOptions] !== value)
        )
          await boss.updateQueue(name, QUEUE_OPTIONS);
      }
      await moveVersion10Jobs(database, SCHEMA, log);
    });
  let starting: Promise<void> | undefined;
  let started = false;
  const assertStarted = () => {
    if (!started) throw new Error('the job queue has not started');
  };
  /** This instance's worker of each queue: a job sent here for now wakes it at once, not at its next poll. */
  const workers = new Map<QueueName, string>();
  /** Wakes the queue's worker here, once the job is there to find (after the commit that queued it). */
  const wake = (queue: QueueName, tx: Tx | undefined) => {
    const worker = workers.get(queue);
    if (!worker) return;
    if (tx) afterCommit(tx, () => boss.notifyWorker(worker));
    else boss.notifyWorker(worker);
  };
  /** The job queue's `work` in `tx` when given (the job is queued if and only if `tx` commits). */
  const through = <T>(tx: Tx | undefined, work: (options: { db?: LibraryDb }) => Promise<T>) =>
    tx ? inLibrary(tx, (db) => work({ db })) : work({});
  return {
    async send(queue, data, { tx, ...options } = {}) {
      assertStarted();
      const id = await through(tx, (via) => boss.send(queue, data, { ...options, ...via }));
      if (id && options.startAfter === undefined) wake(queue, tx);
      return id;
    },
    async sendMany(queue, jobs, { tx } = {}) {
      assertStarted();
      if (!jobs.length) return;
      await through(tx, (via) => boss.insert(queue, jobs, via));
      if (jobs.some((job) => job.startAfter === undefined)) wake(queue, tx);
    },
    async work(queue, handle) {
      assertStarted();
      const worker = await boss.work<object>(
        queue,
        { pollingIntervalSeconds: pollingSeconds, batchSize: 10, perJobResults: true },
        async (jobs) => {
          // Each job on its own: one that fails is retried alone; the others of the batch are done (a failure
          // used to fail the whole batch, and its retry repeated what had worked, a mail among them).
          const results: JobResult[] = [];
          for (const job of jobs)
            results.push(
              await handle(job.data as never).then(
                () => ({ id: job.id, status: 'completed' as const }),
                (err: unknown) => {
                  log.warn({ err, queue, job: job.id }, 'job failed; it will be retried');
                  const message = err instanceof Error ? err.message : String(err);
                  return { id: job.id, status: 'failed' as const, output: { message } };
                },
              ),
            );
          return results;
        },
      );
      workers.set(queue, worker);
    },
    start: () =>
      (starting ??= setUp().then(() => {
        started = true;
      })),
    get started() {
      return started;
    },
    // Waits up to 5 s for the jobs in hand; those still running then are failed, to be retried.
    async stop() {
      await starting?.catch(() => {});
      if (started) await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
