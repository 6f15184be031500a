import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { DAY_MS } from '#shared/domain/days';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { tokenCreateInput } from '#shared/schemas/access-tokens';
import { insertAccessToken } from '../../auth/access-tokens';
import type { SessionUser } from '../../auth/sessions';
import { lockKeys } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { accessTokens } from '../../db/schema';
import type { Bus } from '../../realtime/bus';
import { announceSessionsEnded } from '../../realtime/sessions';

/** What the owner sees of a token: never the token or its hash, only its last four characters. */
const listed = {
  id: accessTokens.id,
  name: accessTokens.name,
  hint: accessTokens.hint,
  scopes: accessTokens.scopes,
  expiresAt: accessTokens.expiresAt,
  lastUsedAt: accessTokens.lastUsedAt,
  createdAt: accessTokens.createdAt,
};

/** My tokens, newest first; expired ones stay listed (marked by their date) until I delete them. */
export function listAccessTokens(db: Db, userId: string) {
  return db
    .select(listed)
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt));
}

/**
 * A new token, shown this once. `admin` only for admins; at most LIMITS.accessToken.perUser live tokens
 * (counted under the user's lock, so parallel creations cannot pass it).
 */
export async function createAccessToken(db: Db, user: SessionUser, input: z.output<typeof tokenCreateInput>) {
  if (input.scopes.includes('admin') && user.role !== 'admin') throw new AppError('FORBIDDEN');
  return db.transaction(async (tx) => {
    await lockKeys(tx, [`tokens:${user.id}`]);
    const now = new Date();
    const [live] = await tx
      .select({ n: count() })
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, user.id), gt(accessTokens.expiresAt, now)));
    if ((live?.n ?? 0) >= LIMITS.accessToken.perUser)
      throw new AppError('TOO_MANY_TOKENS', { max: LIMITS.accessToken.perUser });
    const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
    const { token, row } = await insertAccessToken(tx, user.id, { ...input, expiresAt });
    return {
      token,
      id: row.id,
      name: row.name,
      hint: row.hint,
      scopes: row.scopes,
      expiresAt: row.expiresAt,
      lastUsedAt: row.lastUsedAt,
      createdAt: row.createdAt,
    };
  });
}

/** Deletes one of my tokens; it stops working at once on every instance (cached checks and live streams). */
export async function revokeAccessToken(deps: { db: Db; bus: Bus }, userId: string, id: string) {
  const gone = await deps.db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  if (!gone.length) throw new AppError('NOT_FOUND');
  await announceSessionsEnded(deps.bus, userId);
  return { ok: true as const };
}
