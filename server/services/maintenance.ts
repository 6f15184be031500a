import { isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailTokens, sessions } from '../db/schema';
import type { Storage } from '../storage/storage';
import { purgeOldHits } from './rate-limit';
import { purgeUnattachedUploads } from './uploads';

/**
 * Delete what can no longer be used: expired sessions, used or expired e-mail tokens, rate-limit hits older
 * than any window, and photos uploaded but never used.
 */
export async function purgeExpired(db: DbOrTx, storage: Storage, now = new Date()) {
  const [s, t, f, u] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db
      .delete(emailTokens)
      .where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id }),
    purgeOldHits(db, now),
    purgeUnattachedUploads(db, storage, now),
  ]);
  return { sessions: s.length, emailTokens: t.length, rateLimitHits: f, uploads: u };
}
