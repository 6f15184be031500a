import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Transaction-scoped advisory locks on string keys (held until commit or rollback; PGlite has them too).
 * Keys are locked in sorted order, so two holders never wait for each other in a circle.
 */
export async function lockKeys(tx: Tx, keys: ReadonlyArray<string | null | undefined>) {
  const sorted = [...new Set(keys.filter((key): key is string => !!key))].sort();
  for (const key of sorted) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
