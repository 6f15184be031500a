import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import type { DbOrTx } from '../../server/db/client';
import { profiles, users } from '../../server/db/schema';

/**
 * A confirmed account with a session, written straight into the database, for tests that start after the
 * account journey (which has tests of its own): no mail, and no per-client mail limit to run into.
 */
export async function createAccount(
  db: DbOrTx,
  account: { email: string; fullName: string; password?: string },
): Promise<{ id: string; token: string }> {
  const [user] = await db
    .insert(users)
    .values({
      email: account.email.toLowerCase(),
      passwordHash: await hashPassword(account.password ?? 'zelo-dobro-geslo'),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  await db.insert(profiles).values({ userId: user!.id, fullName: account.fullName });
  const { token } = await createSession(db, user!.id);
  return { id: user!.id, token };
}
