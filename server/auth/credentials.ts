import type { DbOrTx } from '../db/client';
import { type AccessGrant, accessTokenIsLive, isAccessToken, validateAccessToken } from './access-tokens';
import { type SessionUser, sessionIsLive, validateSession } from './sessions';

/** Who a bearer token or session cookie stands for; `access` is set for personal access tokens only. */
export interface Credential {
  user: SessionUser;
  expiresAt: Date;
  /** A session extended on the server (its cookie gets the new expiry). */
  renewed: boolean;
  access: AccessGrant | null;
}

/** A session token or a personal access token (told apart by the latter's prefix), or null. */
export async function validateCredential(db: DbOrTx, token: string): Promise<Credential | null> {
  if (isAccessToken(token)) return validateAccessToken(db, token);
  const session = await validateSession(db, token);
  return session && { ...session, access: null };
}

/** Whether the session or access token still exists and has not expired (nothing renewed). */
export function credentialIsLive(db: DbOrTx, token: string): Promise<boolean> {
  return isAccessToken(token) ? accessTokenIsLive(db, token) : sessionIsLive(db, token);
}
