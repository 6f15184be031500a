import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import { AppError } from '#shared/errors';
import { isAccessToken } from '../auth/access-tokens';
import type { createBearerGuard } from '../auth/bearer-guard';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_DAYS } from '../auth/device-cookies';
import { SESSION_COOKIE } from '../auth/sessions';
import { type AppDeps, bearerToken, type Context, resolveUser, tokenFrom } from './context';

const DEVICE_COOKIE_MAX_AGE_S = DEVICE_COOKIE_MAX_AGE_DAYS * 86_400;

const ignore = () => {};

/**
 * The caller's context: from the HTTP request, or from the socket's opening request and its params (the API,
 * server/plugins/api.ts), or from a page's request (its cookies: server/plugins/web.ts). A wrong bearer token
 * counts against its client in `bearerGuard`.
 */
export function requestContexts(deps: AppDeps, bearerGuard: ReturnType<typeof createBearerGuard>) {
  const secure = deps.config.publicUrl.startsWith('https://');
  const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure } as const;
  return async function contextFor(
    headers: IncomingMessage['headers'],
    cookies: Record<string, string | undefined>,
    reply: FastifyReply | null,
    client: string,
    { paramToken, patOnly = false }: { paramToken?: string; patOnly?: boolean } = {},
  ): Promise<Context> {
    const bearer = paramToken || bearerToken(headers);
    if (bearer) bearerGuard.check(client);
    // /api/v1 takes personal access tokens only: a session's rights are not bounded by scopes.
    if (bearer && patOnly && !isAccessToken(bearer)) {
      await bearerGuard.wrong(client);
      throw new AppError('UNAUTHENTICATED');
    }
    const token = bearer ?? tokenFrom(headers, cookies);
    const session = await resolveUser(deps.sessions.validate, token);
    // A wrong bearer token counts against its client (guessing); a stale session cookie is no guess.
    if (!session.user && bearer) await bearerGuard.wrong(client);
    // A revoked or expired access token is refused outright; a stale session cookie still reads public pages.
    if (!session.user && token && isAccessToken(token)) throw new AppError('UNAUTHENTICATED');
    // Every field named, not `...deps`: properties added after a spread cost a map transition each, per call.
    const context: Context = {
      db: deps.db,
      storage: deps.storage,
      bus: deps.bus,
      notify: deps.notify,
      jobs: deps.jobs,
      push: deps.push,
      unsubscribe: deps.unsubscribe,
      devices: deps.devices,
      log: deps.log,
      config: deps.config,
      mailer: deps.mailer,
      background: deps.background,
      sessions: deps.sessions,
      user: session.user,
      sessionToken: session.sessionToken,
      access: session.access,
      client,
      socket: undefined,
      deviceCookie: cookies[DEVICE_COOKIE] ?? null,
      // A socket (no answer to set cookies on) lives long: its context keeps no closures of its own.
      setSessionCookie: reply
        ? (value, expires) => void reply.setCookie(SESSION_COOKIE, value, { ...cookieOptions, expires })
        : ignore,
      clearSessionCookie: reply ? () => void reply.clearCookie(SESSION_COOKIE, cookieOptions) : ignore,
      setDeviceCookie: reply
        ? (value) =>
            void reply.setCookie(DEVICE_COOKIE, value, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_S })
        : ignore,
    };
    // A session extended on the server gets a cookie with the new expiry too.
    if (session.renewed && session.sessionToken && session.expiresAt)
      context.setSessionCookie(session.sessionToken, session.expiresAt);
    return context;
  };
}
