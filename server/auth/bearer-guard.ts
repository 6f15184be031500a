import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { Db } from '../db/client';
import { takeSlot } from '../services/rate-limit';

const { wrongPerClient: max, wrongWindowMinutes: minutes } = LIMITS.accessToken;

/**
 * Wrong bearer tokens (a header or a socket's token) per client: LIMITS.accessToken.wrongPerClient in a
 * window, counted in the database so every instance counts together; past that the client's bearer calls are
 * refused before any token is looked at (a guess that happens to be right is refused too), and each instance
 * remembers the refusal until the window ends, so a valid token costs nothing extra.
 */
export function createBearerGuard(db: Db) {
  const blockedUntil = new Map<string, number>();
  const refusal = () => new AppError('TOO_MANY_ATTEMPTS', { minutes });
  return {
    /** Throws while this client is refused. */
    check(client: string) {
      const until = blockedUntil.get(client);
      if (until === undefined) return;
      if (until > Date.now()) throw refusal();
      blockedUntil.delete(client);
    },
    /** Counts a wrong token; throws once the client has used up its window. */
    async wrong(client: string) {
      const { full } = await takeSlot(db, [{ bucket: `bearer:from:${client}`, max, minutes }]);
      if (!full) return;
      const now = Date.now();
      for (const [key, until] of blockedUntil) if (until <= now) blockedUntil.delete(key);
      blockedUntil.set(client, now + minutes * 60_000);
      throw refusal();
    },
  };
}

export type BearerGuard = ReturnType<typeof createBearerGuard>;
