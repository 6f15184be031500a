import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';

/**
 * What one WebSocket holds while it is open. Counted per server instance, in memory: a socket lives on one
 * instance, and the caps bound that instance's memory (a client spread over instances gets each one's cap).
 */
export interface SocketState {
  /** Aborted when the socket closes. */
  closed: AbortSignal;
  subscriptions: number;
  /** Resolves once the client has taken what waits for it (realtime/slow-sockets.ts). */
  writable(): Promise<void>;
}

/** Counts `key` in `counts` until `until` aborts; false (nothing counted) when it already has `max`. */
function hold(counts: Map<string, number>, key: string, max: number, until: AbortSignal): boolean {
  const held = counts.get(key) ?? 0;
  if (held >= max) return false;
  counts.set(key, held + 1);
  until.addEventListener(
    'abort',
    () => {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
    { once: true },
  );
  return true;
}

export function createSocketLimits() {
  const byClient = new Map<string, number>();
  const byUser = new Map<string, number>();
  return {
    /** Cheap refusal at the upgrade request, before a socket exists. */
    clientFull: (client: string) => (byClient.get(client) ?? 0) >= LIMITS.websocket.socketsPerClient,
    /** An opened socket counts for its client until it closes; false when the client has its cap already. */
    holdForClient: (client: string, closed: AbortSignal) =>
      hold(byClient, client, LIMITS.websocket.socketsPerClient, closed),
    /** A socket that turns out to be signed in counts for its user too; beyond the cap it is refused. */
    holdForUser(userId: string, closed: AbortSignal) {
      if (!hold(byUser, userId, LIMITS.websocket.socketsPerUser, closed))
        throw new AppError('TOO_MANY_CONNECTIONS');
    },
    /** Users with a signed-in socket open on this instance now. */
    onlineUsers: (): Iterable<string> => byUser.keys(),
  };
}

export type SocketLimits = ReturnType<typeof createSocketLimits>;

/**
 * Takes a subscription slot on the socket (none for calls that do not come over one), released when the
 * subscription is stopped, ends, or its socket closes. Beyond the cap the subscription is refused.
 */
export function holdSubscription(socket: SocketState | undefined, stopped: AbortSignal | undefined) {
  if (!socket) return () => {};
  if (socket.subscriptions >= LIMITS.websocket.subscriptionsPerSocket)
    throw new AppError('TOO_MANY_SUBSCRIPTIONS');
  socket.subscriptions++;
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    socket.subscriptions--;
    stopped?.removeEventListener('abort', release);
    socket.closed.removeEventListener('abort', release);
  };
  stopped?.addEventListener('abort', release, { once: true });
  socket.closed.addEventListener('abort', release, { once: true });
  return release;
}
