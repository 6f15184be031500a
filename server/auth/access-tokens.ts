import { and, eq, gt, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_PREFIX, type TokenScope } from '#shared/domain/access-tokens';
import { LIMITS } from '#shared/limits';
import type { DbOrTx } from '../db/client';
import { accessTokens, users } from '../db/schema';
import type { SessionUser } from './sessions';
import { generateToken, hashToken } from './tokens';

/** What a personal access token lets its caller do: the token's row and its scopes. */
export interface AccessGrant {
  id: string;
  scopes: readonly TokenScope[];
}

export function isAccessToken(token: string): boolean {
  return token.startsWith(ACCESS_TOKEN_PREFIX);
}

/** A new token: 160 random bits after the prefix. Returns the token (shown once) and its stored row. */
export async function insertAccessToken(
  db: DbOrTx,
  userId: string,
  fields: { name: string; scopes: readonly TokenScope[]; expiresAt: Date },
) {
  const token = ACCESS_TOKEN_PREFIX + generateToken();
  const [row] = await db
    .insert(accessTokens)
    .values({
      userId,
      name: fields.name,
      scopes: [...fields.scopes],
      expiresAt: fields.expiresAt,
      tokenHash: hashToken(token),
      hint: token.slice(-4),
    })
    .returning();
  return { token, row: row! };
}

/** The token's user and grant, or null (unknown, revoked or expired). Checked like a session, never renewed. */
export async function validateAccessToken(
  db: DbOrTx,
  token: string,
): Promise<{ user: SessionUser; expiresAt: Date; renewed: false; access: AccessGrant } | null> {
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      scopes: accessTokens.scopes,
      expiresAt: accessTokens.expiresAt,
      id: users.id,
      email: users.email,
      role: users.role,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), gt(accessTokens.expiresAt, new Date())));
  if (!row) return null;
  return {
    user: { id: row.id, email: row.email, role: row.role },
    expiresAt: row.expiresAt,
    renewed: false,
    access: { id: row.tokenId, scopes: row.scopes },
  };
}

export async function accessTokenIsLive(db: DbOrTx, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), gt(accessTokens.expiresAt, new Date())));
  return row !== undefined;
}

const WINDOW = sql.raw(`interval '1 minute'`);

/**
 * One call made with the token: counts it in the current one-minute window and sets "last used", in one
 * statement on the token's row (so concurrent calls on any instance are counted exactly). Null when the token
 * is gone or expired (revoked since the caller's context was made); `retryAfterSeconds` when over the limit.
 */
export async function countAccessTokenCall(
  db: DbOrTx,
  tokenId: string,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number } | null> {
  const newWindow = sql`${accessTokens.windowStart} <= now() - ${WINDOW}`;
  const [row] = await db
    .update(accessTokens)
    .set({
      lastUsedAt: sql`now()`,
      windowStart: sql`case when ${newWindow} then now() else ${accessTokens.windowStart} end`,
      // Capped one past the limit: refused calls keep the window closed without counting on for ever.
      windowCalls: sql`case when ${newWindow} then 1 else least(${accessTokens.windowCalls} + 1, ${LIMITS.accessToken.callsPerMinute + 1}) end`,
    })
    .where(and(eq(accessTokens.id, tokenId), gt(accessTokens.expiresAt, sql`now()`)))
    .returning({
      calls: accessTokens.windowCalls,
      retryAfter: sql<number>`ceil(extract(epoch from ${accessTokens.windowStart} + ${WINDOW} - now()))::int`,
    });
  if (!row) return null;
  if (row.calls <= LIMITS.accessToken.callsPerMinute) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, row.retryAfter) };
}

/** Every token of the user goes (suspension, ban, password reset: like their sessions). */
export async function deleteUserAccessTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.userId, userId));
}
