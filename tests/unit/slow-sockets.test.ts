import { describe, expect, it } from 'vitest';
import {
  guardSocket,
  SEND_BUFFER_MAX_BYTES,
  SEND_BUFFER_SOFT_BYTES,
  SLOW_CLIENT_CLOSE,
  STALLED_MS,
} from '../../server/realtime/slow-sockets';

/** A socket whose waiting bytes the test sets, recording what is sent and how it is closed. */
function fakeSocket() {
  const socket = {
    OPEN: 1 as const,
    readyState: 1 as number,
    bufferedAmount: 0,
    sent: [] as string[],
    closed: null as number | null,
    send(data: string) {
      socket.sent.push(data);
    },
    close(code: number) {
      socket.closed = code;
      socket.readyState = 2;
    },
    terminate() {
      socket.readyState = 3;
      for (const listener of socket.onClose.splice(0)) listener();
    },
    onClose: [] as Array<() => void>,
    once(event: string, listener: () => void) {
      if (event === 'close') socket.onClose.push(listener);
    },
  };
  return socket;
}

describe('guardSocket', () => {
  it('lets streams go on at once while little waits, and holds them while the client is behind', async () => {
    const socket = fakeSocket();
    const guard = guardSocket(socket as never);
    await guard.writable();
    socket.bufferedAmount = SEND_BUFFER_SOFT_BYTES + 1;
    let went = false;
    const waiting = guard.writable().then(() => (went = true));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(went).toBe(false);
    socket.bufferedAmount = 0; // the client read
    await waiting;
    expect(socket.closed).toBeNull();
  });

  it(`closes a socket that stays behind for ${STALLED_MS / 1000} s with the slow-client code`, async () => {
    const socket = fakeSocket();
    let now = 0;
    const guard = guardSocket(socket as never, { now: () => now });
    socket.bufferedAmount = SEND_BUFFER_SOFT_BYTES + 1;
    const waiting = guard.writable();
    now = STALLED_MS - 1;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(socket.closed).toBeNull();
    now = STALLED_MS;
    await waiting;
    expect(socket.closed).toBe(SLOW_CLIENT_CLOSE);
  });

  it('holds the streams of a dropped socket until it has closed, so they read nothing more for it', async () => {
    const socket = fakeSocket();
    let now = 0;
    const guard = guardSocket(socket as never, { now: () => now });
    socket.bufferedAmount = SEND_BUFFER_SOFT_BYTES + 1;
    let went = 0;
    const first = guard.writable().then(() => went++);
    now = STALLED_MS;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(socket.closed).toBe(SLOW_CLIENT_CLOSE);
    const next = guard.writable().then(() => went++); // a stream that comes back after the drop
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(went).toBe(0);
    socket.terminate();
    await Promise.all([first, next]);
    expect(went).toBe(2);
  });

  it('queues nothing more past the hard bound (several streams at once) and closes the socket', () => {
    const socket = fakeSocket();
    guardSocket(socket as never);
    socket.send('a');
    socket.bufferedAmount = SEND_BUFFER_MAX_BYTES + 1;
    socket.send('b');
    socket.send('c');
    expect(socket.sent).toEqual(['a']);
    expect(socket.closed).toBe(SLOW_CLIENT_CLOSE);
  });
});
