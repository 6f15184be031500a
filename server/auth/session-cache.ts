import { type Bus, RESYNC_TOPIC } from '../realtime/bus';
import { SESSIONS_ENDED_TOPIC } from '../realtime/sessions';
import type { DbOrTx } from '../db/client';
import { type Credential, validateCredential } from './credentials';

/**
 * Validated sessions and personal access tokens, kept for a short while so a signed-in call needs no database round trip for its
 * session (it was the largest part of a cheap call). When sessions end (sign-out, password reset, a token
 * revoked), the notice reaches every instance over the bus and drops that user's entries at once; `ttlMs` bounds how
 * long a change made outside the app (e.g. `npm run admin`) takes to show. Renewal and "last active" are
 * still written, on the next database check.
 */
export function createSessionCache(db: DbOrTx, bus: Bus, { ttlMs = 30_000, maxEntries = 10_000 } = {}) {
  const entries = new Map<string, { session: Credential; until: number }>();
  // Bumped by every notice, so a check that raced with a sign-out does not store what it read.
  let generation = 0;
  const stops = [
    bus.subscribe(SESSIONS_ENDED_TOPIC, (userId) => {
      generation++;
      for (const [token, entry] of entries) if (entry.session.user.id === userId) entries.delete(token);
    }),
    // Notices may have been lost (the bus reconnected): any cached session may have ended meanwhile.
    bus.subscribe(RESYNC_TOPIC, () => {
      generation++;
      entries.clear();
    }),
  ];

  return {
    async validate(token: string): Promise<Credential | null> {
      const now = Date.now();
      const hit = entries.get(token);
      if (hit && hit.until > now) return { ...hit.session, renewed: false };
      entries.delete(token);
      const started = generation;
      const session = await validateCredential(db, token);
      if (session && started === generation) {
        // Oldest first out: a Map iterates in insertion order.
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(token, { session, until: Math.min(now + ttlMs, session.expiresAt.getTime()) });
      }
      return session;
    },
    close: () => stops.forEach((stop) => stop()),
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
