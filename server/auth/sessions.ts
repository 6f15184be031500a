import { and, eq, gt } from 'drizzle-orm';
import { DAY_MS } from '#shared/domain/days';
import { LIMITS } from '#shared/limits';
import type { UserRole } from '#shared/schemas/auth';
import type { DbOrTx } from '../db/client';
import { calendarFeeds, profiles, sessions, users } from '../db/schema';
import { deleteUserAccessTokens } from './access-tokens';
import { generateToken, hashToken } from './tokens';

const LIFETIME_MS = LIMITS.sessionDays * DAY_MS;

export const SESSION_COOKIE = 'tacke_session';
const LAST_ACTIVE_STEP_MS = 5 * 60_000;

export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
}

/** A new session for the user; returns the token (only its hash is stored). */
export async function createSession(db: DbOrTx, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + LIFETIME_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The session's user, or null. Expired sessions are deleted; sessions past half their life are extended. */
export async function validateSession(
  db: DbOrTx,
  token: string,
): Promise<{ user: SessionUser; expiresAt: Date; renewed: boolean } | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      role: users.role,
      lastActive: profiles.lastActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const user = { id: row.id, email: row.email, role: row.role };
  // "Last active" on profiles, refreshed at most every few minutes rather than on every request.
  if (!row.lastActive || now - row.lastActive.getTime() > LAST_ACTIVE_STEP_MS)
    await db
      .update(profiles)
      .set({ lastActive: new Date(now) })
      .where(eq(profiles.userId, row.id));
  if (row.expiresAt.getTime() - now >= LIFETIME_MS / 2)
    return { user, expiresAt: row.expiresAt, renewed: false };
  const expiresAt = new Date(now + LIFETIME_MS);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  return { user, expiresAt, renewed: true };
}

export async function invalidateSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Whether the session still exists and has not expired (no renewal, unlike validateSession). */
export async function sessionIsLive(db: DbOrTx, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row !== undefined;
}

/**
 * Every way into the account ends (password reset, suspension, ban): its sessions, its personal access
 * tokens and its private calendar feed's address (a secret like them; the owner makes a new one).
 */
export async function invalidateUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await deleteUserAccessTokens(db, userId);
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
