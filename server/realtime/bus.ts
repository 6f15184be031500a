import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql as drizzleSql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { Tx } from '../db/client';
import { afterCommit } from '../db/transact';

/**
 * Change notices between the code that writes and the subscriptions that read. Payloads are small (ids);
 * subscribers read the rows themselves with the subscriber's permissions.
 */
export interface Bus {
  /** Call after the transaction commits, so readers find the change. Several topics travel as one notice. */
  publish(topic: string | readonly string[], payload: unknown): Promise<void>;
  /**
   * The same, as part of `tx`: every instance hears it if and only if `tx` commits, even when this process
   * dies right after the commit (PostgreSQL sends a transaction's NOTIFY at its commit).
   */
  publishIn(tx: Tx, topic: string | readonly string[], payload: unknown): Promise<void>;
  subscribe(topic: string, listener: (payload: unknown) => void): () => void;
  /** How many notices this process has heard so far: a read started at one count saw all of them. */
  heard(): number;
  close(): Promise<void>;
}

/**
 * Heard by whoever reads its events from the database (`wakeups`) whenever notices may have been lost: the
 * PostgreSQL bus's LISTEN connection came back after a drop, and PostgreSQL keeps no notices for a listener
 * that was away. Its subscribers read again from their last event, which catches whatever they missed.
 */
export const RESYNC_TOPIC = 'bus:resync';

/** One process: PGlite, and tests. `resync` tells every subscriber of RESYNC_TOPIC to read again. */
export function createLocalBus(): Bus & { resync(): void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let heard = 0;
  const publish = async (topic: string | readonly string[], payload: unknown) => {
    heard++;
    for (const name of typeof topic === 'string' ? [topic] : topic) emitter.emit(name, payload);
  };
  return {
    publish,
    // One process: its subscribers live and die with it, so hearing after the commit is enough.
    async publishIn(tx, topic, payload) {
      afterCommit(tx, () => void publish(topic, payload));
    },
    resync() {
      // Counts as a notice: a read started before it may have missed anything, so it answers nobody after it.
      heard++;
      emitter.emit(RESYNC_TOPIC, null);
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener);
      return () => emitter.off(topic, listener);
    },
    heard: () => heard,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'tacke_bus';

/**
 * PostgreSQL LISTEN/NOTIFY: every server instance on the database gets every notice. This instance's own
 * notices reach its subscribers as `publish` returns, not a LISTEN round trip later (so a sign-out ends the
 * session here before its answer is sent), and are skipped when they come back. postgres.js re-LISTENs by
 * itself when its connection drops (a database restart), and calls `onlisten` each time it is listening
 * again: from the second call on, notices sent in between are lost, so subscribers are told to read again.
 */
export async function createPostgresBus(sql: postgres.Sql): Promise<Bus> {
  const local = createLocalBus();
  const origin = randomUUID();
  let listened = false;
  const listener = await sql.listen(
    CHANNEL,
    (message) => {
      const { topic, payload, from } = JSON.parse(message) as {
        topic: string | string[];
        payload: unknown;
        from?: string;
      };
      if (from !== origin) void local.publish(topic, payload);
    },
    () => {
      if (listened) local.resync();
      listened = true;
    },
  );
  return {
    async publish(topic, payload) {
      if (!topic.length) return;
      await sql.notify(CHANNEL, JSON.stringify({ topic, payload, from: origin }));
      await local.publish(topic, payload);
    },
    // No origin: sent at the commit, it comes back to this instance's subscribers through LISTEN too.
    async publishIn(tx, topic, payload) {
      if (!topic.length) return;
      await tx.execute(drizzleSql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, payload })})`);
    },
    subscribe: local.subscribe,
    heard: local.heard,
    async close() {
      await listener.unlisten();
      await local.close();
    },
  };
}

/**
 * The notices on `topic` as an async iterable, from the moment of the call until `signal` aborts.
 * Notices that arrive while the consumer is busy wait in order.
 */
export async function* listen<T>(
  bus: Bus,
  topic: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<T> {
  const queue: T[] = [];
  let wake: (() => void) | undefined;
  const stop = bus.subscribe(topic, (payload) => {
    queue.push(payload as T);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    while (!signal?.aborted) {
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    stop();
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Wake-ups for subscriptions that read their events from the database: `next()` resolves true once a
 * notice has arrived since the last call (at once if one already has), false when `signal` aborts.
 * Subscribed at the call, so nothing published while the caller backfills is missed. A resync (notices
 * may have been lost, see RESYNC_TOPIC) wakes it too.
 */
export function wakeups(bus: Bus, topic: string, signal: AbortSignal | undefined) {
  let pending = false;
  let wake: ((value: boolean) => void) | undefined;
  const onNotice = () => {
    pending = true;
    wake?.(true);
  };
  const stops = [bus.subscribe(topic, onNotice), bus.subscribe(RESYNC_TOPIC, onNotice)];
  const onAbort = () => {
    for (const stop of stops) stop();
    wake?.(false);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    next(): Promise<boolean> {
      if (signal?.aborted) return Promise.resolve(false);
      if (pending) {
        pending = false;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        wake = (value) => {
          wake = undefined;
          pending = false;
          resolve(value);
        };
      });
    },
  };
}
