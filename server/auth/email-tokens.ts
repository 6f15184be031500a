import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { LIMITS } from '#shared/limits';
import type { DbOrTx } from '../db/client';
import { emailTokens } from '../db/schema';
import { generateToken, hashToken } from './tokens';

/** Confirmation and reset links: single use, expiring, only their hash stored. */
export type TokenKind = 'confirm' | 'reset';

export const TOKEN_LIFETIME_MS = {
  confirm: LIMITS.confirmTokenHours * 3_600_000,
  reset: LIMITS.resetTokenMinutes * 60_000,
} as const;

const LINK_PATH = { confirm: '/email-confirmed', reset: '/reset-password' } as const;

/**
 * Holds a link's place for a mail still to be sent (its token is made when it is sent, so only ever its hash
 * is stored): it counts as the user's live link of `kind` meanwhile. Returns its id, which the mail carries.
 */
export async function reserveEmailToken(db: DbOrTx, userId: string, kind: TokenKind) {
  const id = randomUUID();
  await db.insert(emailTokens).values({
    id,
    tokenHash: `${RESERVED}${id}`,
    userId,
    kind,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
  });
  return id;
}

/** A reserved place's token hash: never the hash of a token (those are hex), so no link matches it. */
const RESERVED = 'reserved:';

/**
 * The link for the reserved place `id`, its token made now; null when the place is gone (a newer request
 * replaced it, or it expired). A mail sent again (its first attempt got this far) gets a token of its own, and
 * the first link stays good: both reach only the mailbox's owner.
 */
export async function mintEmailToken(db: DbOrTx, publicUrl: string, id: string): Promise<string | null> {
  const [place] = await db
    .select({ tokenHash: emailTokens.tokenHash, userId: emailTokens.userId, kind: emailTokens.kind })
    .from(emailTokens)
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)));
  if (!place) return null;
  const token = generateToken();
  if (place.tokenHash.startsWith(RESERVED))
    await db
      .update(emailTokens)
      .set({ tokenHash: hashToken(token) })
      .where(eq(emailTokens.id, id));
  else
    await db.insert(emailTokens).values({
      tokenHash: hashToken(token),
      userId: place.userId,
      kind: place.kind,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[place.kind]),
    });
  return `${publicUrl}${LINK_PATH[place.kind]}?token=${token}`;
}

/** The user's unused links of `kind` stop working (a new request replaces them). */
export async function endUnusedTokens(db: DbOrTx, userId: string, kind: TokenKind) {
  await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}
