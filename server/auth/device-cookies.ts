import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { serverKey } from '../push/server-keys';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed
 * in to an account keeps a signed note of it, and its sign-ins to that account are limited on their own,
 * never locked by strangers' failures; every other client shares the address's lock. One cookie holds a note
 * per account signed in from this browser (the newest few): a random nonce and an HMAC binding it to the
 * address, so the cookie names no address and cannot be forged or moved to another account.
 */
export const DEVICE_COOKIE = 'tacke_device';
/** Accounts one browser is trusted for. */
const NOTES_MAX = 5;
export const DEVICE_COOKIE_MAX_AGE_DAYS = 365;

export interface DeviceCookies {
  /** The nonce of this browser's note for `email`, or null: an untrusted client. */
  trusted(cookie: string | null, email: string): string | null;
  /** The cookie after a successful sign-in to `email`: a fresh note first, this address's old one gone. */
  issue(cookie: string | null, email: string): string;
}

/** Signed with a key the server makes once and keeps in the database (every instance uses the same). */
export async function loadDeviceCookies(db: Db): Promise<DeviceCookies> {
  return createDeviceCookies(
    await serverKey(db, 'device-cookie', () => randomBytes(32).toString('base64url')),
  );
}

export function createDeviceCookies(secret: string): DeviceCookies {
  const mac = (email: string, nonce: string) =>
    createHmac('sha256', secret).update(`${email.toLowerCase()}\n${nonce}`).digest();
  const notes = (cookie: string | null) =>
    (cookie ?? '')
      .split(',')
      .slice(0, NOTES_MAX)
      .map((note) => note.split('.'))
      .filter((parts): parts is [string, string] => parts.length === 2 && /^[\w-]{16,64}$/.test(parts[0]!));
  const isFor = (email: string, [nonce, signature]: [string, string]) => {
    const expected = mac(email, nonce);
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    trusted: (cookie, email) => notes(cookie).find((note) => isFor(email, note))?.[0] ?? null,
    issue(cookie, email) {
      const nonce = randomBytes(16).toString('base64url');
      const others = notes(cookie).filter((note) => !isFor(email, note));
      return [[nonce, mac(email, nonce).toString('base64url')], ...others]
        .slice(0, NOTES_MAX)
        .map((note) => note.join('.'))
        .join(',');
    },
  };
}
