import { AppError } from '#shared/errors';
import type { TokenScope } from '#shared/domain/access-tokens';
import type { DbOrTx } from '../db/client';
import { type AccessGrant, countAccessTokenCall } from './access-tokens';

/** Who may call a procedure at all (its builder's meta: server/trpc/init.ts). */
export type Access = 'public' | 'user' | 'admin';

/**
 * The scope a personal access token needs for a procedure (its `.meta({ scope })`); `session`: no token may call
 * it — signing in and out, the account's export, deletion and terms, token and calendar-feed management, push
 * devices: a leaked token must not be able to take the account, its data or more credentials.
 */
export type RequiredScope = TokenScope | 'session';

/**
 * A call made with a personal access token: refused without the scope, or once the token is gone (revoked
 * or expired since the caller's context was made) or over its calls per minute; otherwise counted.
 */
export async function authorizeTokenCall(db: DbOrTx, access: AccessGrant, scope: RequiredScope) {
  if (scope === 'session') throw new AppError('SESSION_REQUIRED');
  if (!access.scopes.includes(scope)) throw new AppError('MISSING_SCOPE', { scope });
  const counted = await countAccessTokenCall(db, access.id);
  if (!counted) throw new AppError('UNAUTHENTICATED');
  if (!counted.allowed) throw new AppError('TOKEN_RATE_LIMIT', { retryAfter: counted.retryAfterSeconds });
}
