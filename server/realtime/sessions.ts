import { AppError } from '#shared/errors';
import { credentialIsLive } from '../auth/credentials';
import type { Db } from '../db/client';
import { asTRPCError } from '../trpc/as-trpc-error';
import { type Bus, RESYNC_TOPIC } from './bus';

/**
 * A WebSocket knows its user from the cookie it opened with, so a subscription would outlive a sign-out in
 * another tab or a password reset. Whatever ends sessions announces it here; each live subscription of
 * that user checks whether its own session is still there and stops if not.
 */
const topic = (userId: string) => `sessions-ended:${userId}`;

/** Every user's ended sessions, with the user id as payload (for the session cache). */
export const SESSIONS_ENDED_TOPIC = 'sessions-ended';

export function announceSessionsEnded(bus: Bus, userId: string) {
  return bus.publish([topic(userId), SESSIONS_ENDED_TOPIC], userId);
}

export interface SubscriberContext {
  bus: Bus;
  db: Db;
  user: { id: string };
  sessionToken: string | null;
}

/** A signal that aborts with `signal`, or when the caller's session ends (then `ended()` is true). */
export function whileSignedIn(ctx: SubscriberContext, signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let ended = false;
  const check = () => {
    void (ctx.sessionToken ? credentialIsLive(ctx.db, ctx.sessionToken) : Promise.resolve(false)).then(
      (live) => {
        if (live) return;
        ended = true;
        controller.abort();
      },
      () => {},
    );
  };
  // A resync means notices may have been lost (the bus reconnected), an end of this session among them.
  const stops = [ctx.bus.subscribe(topic(ctx.user.id), check), ctx.bus.subscribe(RESYNC_TOPIC, check)];
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  controller.signal.addEventListener(
    'abort',
    () => {
      for (const stop of stops) stop();
      signal?.removeEventListener('abort', forward);
    },
    { once: true },
  );
  return {
    signal: controller.signal,
    /** Call when the stream stops: a subscription whose session ended fails as signed out. */
    throwIfEnded() {
      if (ended) throw asTRPCError(new AppError('UNAUTHENTICATED'));
    },
  };
}

/**
 * A signed-in caller's stream: it runs until the client stops it or the caller's session ends (a sign-out
 * in another tab, a password reset), and then fails as signed out. `stream` gets the signal to stop on.
 */
export async function* whileSignedInStream<T>(
  ctx: SubscriberContext,
  signal: AbortSignal | undefined,
  stream: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const session = whileSignedIn(ctx, signal);
  yield* stream(session.signal);
  session.throwIfEnded();
}
