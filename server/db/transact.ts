import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client';

/**
 * Transactions whose effects outside the database follow their commit. What a write must cause (a notice to
 * the subscribers of every instance, a job for its pushes) is written in the same transaction as the write
 * (NOTIFY and the job's row are part of it: both happen if and only if it commits, and a crash right after
 * the commit loses neither); what can only run in this process (waking this instance's worker or its
 * in-process subscribers) runs after the commit.
 */
const pending = new WeakMap<object, Array<() => void>>();

/** `db.transaction(work)`, then what `work` asked to run after the commit (afterCommit). */
export async function transact<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  const after: Array<() => void> = [];
  const result = await db.transaction((tx) => {
    pending.set(tx, after);
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
  const after = pending.get(tx);
  if (after) after.push(run);
  else setTimeout(run, 50).unref();
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

/** Runs a library's statement inside `tx` (the job queue's, to queue a job with the write it delivers). */
export async function executeIn(tx: Tx, text: string, values: readonly unknown[] = []) {
  const result = (await tx.execute(withParameters(text, values))) as unknown;
  return { rows: Array.isArray(result) ? result : (result as { rows: unknown[] }).rows };
}
