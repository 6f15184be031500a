import { setTimeout as sleep } from 'node:timers/promises';
import type { WebSocket } from 'ws';

/**
 * A client that does not read (a stalled phone, or on purpose) must not make the server keep every event for
 * it in memory. Streams wait while more than SEND_BUFFER_SOFT_BYTES wait to be sent on their socket (they
 * read from the database again when it drains, so waiting loses nothing and holds nothing); a socket that
 * stays that full for STALLED_MS, or passes SEND_BUFFER_MAX_BYTES anyway (several streams at once), is
 * closed with SLOW_CLIENT_CLOSE. The client opens a new one and every subscription resumes from its last
 * event id.
 */
export const SEND_BUFFER_SOFT_BYTES = 64 * 1024;
export const SEND_BUFFER_MAX_BYTES = 1024 * 1024;
export const STALLED_MS = 30_000;
/** The application's close code (4000–4999) for a dropped slow client. */
export const SLOW_CLIENT_CLOSE = 4008;
/** A closing handshake cannot pass data the client does not read: the connection is cut after this. */
const CUT_AFTER_MS = 2_000;
const POLL_MS = 50;

type Guarded = Pick<
  WebSocket,
  'send' | 'close' | 'terminate' | 'once' | 'bufferedAmount' | 'readyState' | 'OPEN'
>;

export function guardSocket(socket: Guarded, clock: { now(): number } = Date) {
  let dropped = false;
  const gone = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const drop = () => {
    if (dropped) return;
    dropped = true;
    socket.close(SLOW_CLIENT_CLOSE, 'slow client');
    setTimeout(() => socket.terminate(), CUT_AFTER_MS).unref();
  };
  const send = socket.send.bind(socket);
  socket.send = ((...args: Parameters<typeof send>) => {
    if (dropped) return;
    if (socket.bufferedAmount <= SEND_BUFFER_MAX_BYTES) return send(...args);
    drop();
  }) as typeof socket.send;
  const open = () => !dropped && socket.readyState === socket.OPEN;
  const behind = () => open() && socket.bufferedAmount > SEND_BUFFER_SOFT_BYTES;
  // One wait per socket, however many of its streams are held: it times the stall from when it began.
  let waiting: Promise<void> | undefined;
  const waitForRoom = async () => {
    const since = clock.now();
    while (behind()) {
      if (clock.now() - since >= STALLED_MS) drop();
      else await sleep(POLL_MS);
    }
  };
  return {
    /**
     * Resolves once the client has taken what waits for it (at once, usually), or once the socket has closed.
     * A dropped socket's streams wait for that close (up to CUT_AFTER_MS) rather than read on: their events
     * would only be thrown away, and every stream of every dropped client reading its backlog at once cost
     * the server more memory than the clients' waiting data did.
     */
    async writable(): Promise<void> {
      if (behind()) await (waiting ??= waitForRoom().finally(() => (waiting = undefined)));
      if (dropped) await gone;
    },
  };
}
