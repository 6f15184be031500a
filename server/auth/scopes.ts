import { AppError } from '#shared/errors';
import type { TokenScope } from '#shared/domain/access-tokens';
import type { DbOrTx } from '../db/client';
import { type AccessGrant, countAccessTokenCall } from './access-tokens';

/** Who may call a procedure at all (its builder's meta: server/trpc/init.ts). */
export type Access = 'public' | 'user' | 'admin';

/** The scope a personal access token needs for a procedure; `session`: no token may call it. */
export type RequiredScope = TokenScope | 'session';

/**
 * Routers a token may not call at all: signing in and out, the account's export, deletion and acceptance of
 * the terms (a person's own consent), and token management itself — a leaked token must not be able to take
 * the account, its data or more tokens. The chats router needs `chat`.
 */
const ROUTER_SCOPE: Record<string, RequiredScope> = {
  auth: 'session',
  account: 'session',
  tokens: 'session',
  chats: 'chat',
};

/** Exceptions to the rule below, each with its reason. */
const PROCEDURE_SCOPE: Record<string, RequiredScope> = {
  // Who the token belongs to: what a script asks first.
  'auth.me': 'read',
  // This browser's push subscription: pushes carry private notices, so no token registers an endpoint.
  'notifications.push': 'session',
  'notifications.subscribePush': 'session',
  'notifications.unsubscribePush': 'session',
  // An event's chat is a chat: the same scope as the chats router.
  'events.chatMessages': 'chat',
  'events.chatRead': 'chat',
  'events.chatSend': 'chat',
  'events.onChatMessage': 'chat',
  // The calendar feed's address is a credential of its own: like tokens, made and ended in a browser only.
  'events.createCalendarFeed': 'session',
  'events.revokeCalendarFeed': 'session',
};

/**
 * The one rule for every procedure, present and future: an exception above, else `admin` for admin
 * procedures, else its router's scope, else `read` for queries and subscriptions and `write` for mutations.
 */
export function requiredScope(path: string, type: string, access: Access): RequiredScope {
  return (
    PROCEDURE_SCOPE[path] ??
    (access === 'admin' ? 'admin' : ROUTER_SCOPE[path.slice(0, path.indexOf('.'))]) ??
    (type === 'mutation' ? 'write' : 'read')
  );
}

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
