import { eq, gt, type SQL, sql } from 'drizzle-orm';
import { daysBefore } from '#shared/domain/days';
import { LIMITS } from '#shared/limits';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * A new account is younger than LIMITS.antiSpam.newAccountDays: it gets lower anti-spam caps, and what it
 * adds for everyone (dog places) waits for a moderator. As a column of a select from `users`.
 */
export function isNewAccountColumn(now: number): SQL<boolean> {
  return sql<boolean>`${gt(users.createdAt, daysBefore(now, LIMITS.antiSpam.newAccountDays))}`;
}

/** Whether the user's account is new (isNewAccountColumn); an unknown user counts as new. */
export async function isNewAccount(db: DbOrTx, userId: string, now = Date.now()): Promise<boolean> {
  const [user] = await db
    .select({ isNew: isNewAccountColumn(now) })
    .from(users)
    .where(eq(users.id, userId));
  return user?.isNew ?? true;
}
