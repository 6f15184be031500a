import type { IncomingMessage } from 'node:http';
import type { Config } from '../env';
import type { Mailer } from '../auth/mailer';
import type { Background } from '../background';
import type { Jobs } from '../jobs/queue';
import type { PushSender } from '../push/push-sender';
import type { ServiceDeps } from '../services/deps';
import type { UnsubscribeLinks } from '../services/delivery/digest';
import type { SessionCache } from '../auth/session-cache';
import type { SocketState } from '../realtime/socket-limits';
import type { AccessGrant } from '../auth/access-tokens';
import type { Credential } from '../auth/credentials';
import type { DeviceCookies } from '../auth/device-cookies';
import { SESSION_COOKIE, type SessionUser } from '../auth/sessions';

export interface AppDeps extends ServiceDeps {
  config: Config;
  mailer: Mailer;
  background: Background;
  sessions: SessionCache;
  jobs: Jobs;
  push: PushSender;
  unsubscribe: UnsubscribeLinks;
  devices: DeviceCookies;
}

export interface Context extends AppDeps {
  user: SessionUser | null;
  /** The caller's session token or personal access token. */
  sessionToken: string | null;
  /** Set when the caller uses a personal access token: its scopes bound every call (server/trpc/scopes.ts). */
  access: AccessGrant | null;
  /** The caller's address as per-client limits count it (server/client-address.ts). */
  client: string;
  /** The WebSocket the call came over, if it did (its subscription slots). */
  socket: SocketState | undefined;
  /** This browser's device cookie (server/auth/device-cookies.ts), as sent. */
  deviceCookie: string | null;
  /** Cookie writers; no-ops on WebSocket calls, which return the token instead. */
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  setDeviceCookie(value: string): void;
}

/** Same-origin rule for browsers: Sec-Fetch-Site when sent, else Origin against Host or PUBLIC_URL. */
export function isCrossOrigin(headers: IncomingMessage['headers'], publicUrl: string): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = headers.origin;
  if (!origin) return false;
  try {
    const { host, origin: normalized } = new URL(origin);
    return host !== headers.host && normalized !== new URL(publicUrl).origin;
  } catch {
    return true;
  }
}

/** The `Authorization: Bearer` token (scripts), or null. */
export function bearerToken(headers: IncomingMessage['headers']) {
  const auth = headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() || null : null;
}

/** Bearer header (scripts) or the session cookie (browsers). */
export function tokenFrom(headers: IncomingMessage['headers'], cookies: Record<string, string | undefined>) {
  return bearerToken(headers) ?? cookies[SESSION_COOKIE] ?? null;
}

/**
 * The caller's session or access token through `validate` (the app's session cache; tests check the database
 * directly).
 */
export async function resolveUser(
  validate: (token: string) => Promise<Credential | null>,
  token: string | null,
) {
  const session = token ? await validate(token) : null;
  return session
    ? {
        user: session.user,
        sessionToken: token,
        expiresAt: session.expiresAt,
        renewed: session.renewed,
        access: session.access,
      }
    : { user: null, sessionToken: null, expiresAt: null, renewed: false, access: null };
}
