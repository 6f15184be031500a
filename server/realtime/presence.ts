import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** How often each instance writes who is online; `users.last_seen_at` is at most this old while they are. */
export const PRESENCE_INTERVAL_MS = 30_000;

/**
 * Keeps `users.last_seen_at` fresh for everyone with a socket open on this instance, and stamps those whose
 * last socket closed since the previous round: "away for 10 minutes" (the summary e-mail) is read from it,
 * across instances.
 */
export function startPresence(db: Db, online: () => Iterable<string>, log: FastifyBaseLogger) {
  let previous = new Set<string>();
  const tick = async () => {
    const current = new Set(online());
    const seen = [...new Set([...current, ...previous])];
    previous = current;
    if (seen.length) await db.update(users).set({ lastSeenAt: new Date() }).where(inArray(users.id, seen));
  };
  const timer = setInterval(
    () => void tick().catch((err: unknown) => log.warn({ err }, 'presence update failed')),
    PRESENCE_INTERVAL_MS,
  );
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
