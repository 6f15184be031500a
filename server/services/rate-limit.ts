import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { LIMITS } from '#shared/limits';
import { lockKeys } from '../db/advisory-lock';
import type { Db, DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** A sliding window: at most `max` hits in `bucket` within the last `minutes`. */
export interface RateWindow {
  bucket: string;
  max: number;
  minutes: number;
}

/**
 * Takes one slot in every window, or in none: the first full window is returned and nothing is counted.
 * Each bucket's advisory lock is held from the count to the insert, so parallel callers never overshoot.
 */
export async function takeSlot(
  db: Db,
  windows: readonly RateWindow[],
): Promise<{ full: RateWindow | null; hitIds: string[] }> {
  return db.transaction(async (tx) => {
    await lockKeys(
      tx,
      windows.map((w) => `rate:${w.bucket}`),
    );
    for (const window of windows) {
      const [row] = await tx
        .select({ n: count() })
        .from(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.bucket, window.bucket),
            gt(rateLimitHits.createdAt, new Date(Date.now() - window.minutes * 60_000)),
          ),
        );
      if ((row?.n ?? 0) >= window.max) return { full: window, hitIds: [] };
    }
    const rows = await tx
      .insert(rateLimitHits)
      .values(windows.map((w) => ({ bucket: w.bucket })))
      .returning({ id: rateLimitHits.id });
    return { full: null, hitIds: rows.map((r) => r.id) };
  });
}

/** Takes back hits that turned out not to count (a right password). */
export async function releaseHits(db: DbOrTx, hitIds: readonly string[]) {
  if (hitIds.length) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, [...hitIds]));
}

/** Forgets every hit in these buckets (a lock lifted, an account deleted). */
export async function clearBuckets(db: DbOrTx, buckets: readonly string[], prefixes: readonly string[] = []) {
  if (!buckets.length && !prefixes.length) return;
  await db
    .delete(rateLimitHits)
    .where(
      or(
        buckets.length ? inArray(rateLimitHits.bucket, [...buckets]) : undefined,
        ...prefixes.map((prefix) => sql`starts_with(${rateLimitHits.bucket}, ${prefix})`),
      ),
    );
}

/** The longest window any limit uses: older hits count for nothing. */
const LONGEST_WINDOW_MINUTES = Math.max(LIMITS.signIn.windowMinutes, 60);

export async function purgeOldHits(db: DbOrTx, now: Date) {
  const rows = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, new Date(now.getTime() - LONGEST_WINDOW_MINUTES * 60_000)))
    .returning({ id: rateLimitHits.id });
  return rows.length;
}
