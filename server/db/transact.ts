import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from './client';
import { COMMIT_NOW } from './prepared-statements';

/**
 * Transactions whose effects outside the database follow their commit. What a write must cause (a notice to
 * the subscribers of every instance, a job for its pushes) is written in the same transaction as the write
 * (NOTIFY and the job's row are part of it: both happen if and only if it commits, and a crash right after
 * the commit loses neither); what can only run in this process (waking this instance's worker or its
 * in-process subscribers) runs after the commit.
 */
interface Pending {
  /** What runs once it has committed. */
  after: Array<() => void>;
  /** Whether its commit may go out before `work` returns (commitWith). */
  early: boolean;
  /** A library's statements, each settled once the library has sent it (inLibrary). */
  library: Array<Promise<void>>;
}
const pending = new WeakMap<object, Pending>();

/** Databases whose transactions can send their commit with their last statements (PostgreSQL's). */
const commitsEarly = new WeakSet<object>();
export const allowEarlyCommit = (db: Db) => void commitsEarly.add(db);

/** `db.transaction(work)`, then what `work` asked to run after the commit (afterCommit). */
export async function transact<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  const after: Array<() => void> = [];
  const result = await db.transaction((tx) => {
    pending.set(tx, { after, early: commitsEarly.has(db), library: [] });
    return work(tx);
  });
  for (const run of after) run();
  return result;
}

/**
 * Runs `run` once `tx` has committed (nothing when it rolls back). A transaction not opened by `transact`
 * cannot tell when it commits: `run` waits a moment instead, which only ever makes it late.
 */
export function afterCommit(tx: Tx, run: () => void) {
  const state = pending.get(tx);
  if (state) state.after.push(run);
  else setTimeout(run, 50).unref();
}

/**
 * Commits `tx` now, behind every statement sent in it so far, without waiting for their answers: sent
 * together with a transaction's last statements, its commit shares their round trip. Settles as the commit
 * does (it fails as the transaction did). For the end of a `transact`'s work only: nothing may be sent in
 * `tx` after it, nor any decision wait for it. Where the commit cannot go early (PGlite, whose statements
 * cost no round trip; a nested transaction) it settles at once and the commit follows the work as usual.
 */
export async function commitWith(tx: Tx) {
  const state = pending.get(tx);
  if (!state?.early) return;
  // A library sends its statement after awaits of its own: the commit after it. And after every statement
  // on its way to the driver through promises (Drizzle's): a tick queued from a promise's callback runs
  // once every promise callback queued meanwhile has run, however deep the chain.
  await Promise.all(state.library);
  await new Promise((resolve) => process.nextTick(resolve));
  await tx.execute(sql.raw(COMMIT_NOW));
}

/**
 * Statements of one transaction sent together (pipelined on its connection): their results, or the failure
 * of the first of them that failed. Once one fails, PostgreSQL refuses every later one ("current transaction
 * is aborted"), and such a refusal may reach its caller before the failure that caused it.
 */
export async function together<const T extends readonly unknown[]>(
  statements: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(statements);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

/**
 * As node-postgres sends parameters (libraries are written for it): undefined as null, dates as text (the
 * job queue binds a retry's start to a text parameter, which postgres.js refuses a Date for), objects as JSON.
 */
export function nodePostgresValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value);
  return value;
}

/** A library's statement with `$n` parameters as a drizzle query, so it can run inside `tx`. */
function withParameters(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 ? sql`${nodePostgresValue(values[Number(part) - 1])}` : sql.raw(part))),
  );
}

/**
 * A library's `work` in `tx` (the job queue's, to queue a job with the write it delivers), through the
 * `executeSql` it is handed; a commitWith of `tx` waits until the library has sent its statement.
 */
export function inLibrary<T>(tx: Tx, work: (db: LibraryDb) => Promise<T>): Promise<T> {
  // Outside a `transact` nobody waits for it.
  let sent = () => {};
  pending.get(tx)?.library.push(new Promise<void>((resolve) => (sent = resolve)));
  const run = async () =>
    work({
      async executeSql(text, values = []) {
        sent();
        const result = (await tx.execute(withParameters(text, values))) as unknown;
        return { rows: Array.isArray(result) ? result : (result as { rows: unknown[] }).rows };
      },
    });
  return run().finally(sent);
}

/** A database as libraries written for node-postgres use it. */
export interface LibraryDb {
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
}
