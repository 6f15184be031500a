import { isNotNull, lt, or } from 'drizzle-orm';
import { LIMITS } from '../../src/limits';
import type { DbOrTx } from '../db/client';
import { emailTokens, sessions, signInFailures } from '../db/schema';
import type { Storage } from '../storage/storage';
import { purgeUnattachedUploads } from './uploads';

/**
 * Delete what can no longer be used: expired sessions, used or expired e-mail tokens, old failed sign-ins,
 * and photos uploaded but never used.
 */
export async function purgeExpired(db: DbOrTx, storage: Storage, now = new Date()) {
  const failureCutoff = new Date(now.getTime() - LIMITS.signIn.windowMinutes * 60_000);
  const [s, t, f, u] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db
      .delete(emailTokens)
      .where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id }),
    db
      .delete(signInFailures)
      .where(lt(signInFailures.createdAt, failureCutoff))
      .returning({ id: signInFailures.id }),
    purgeUnattachedUploads(db, storage, now),
  ]);
  return { sessions: s.length, emailTokens: t.length, signInFailures: f.length, uploads: u };
}
