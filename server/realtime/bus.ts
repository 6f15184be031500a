import { EventEmitter } from 'node:events';
import type postgres from 'postgres';

/**
 * Change notices between the code that writes and the subscriptions that read. Payloads are small (ids);
 * subscribers read the rows themselves with the subscriber's permissions.
 */
export interface Bus {
  /** Call after the transaction commits, so readers find the change. Several topics travel as one notice. */
  publish(topic: string | readonly string[], payload: unknown): Promise<void>;
  subscribe(topic: string, listener: (payload: unknown) => void): () => void;
  /** How many notices this process has heard so far: a read started at one count saw all of them. */
  heard(): number;
  close(): Promise<void>;
}

/** One process: PGlite, and tests. */
export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let heard = 0;
  return {
    async publish(topic, payload) {
      heard++;
      for (const name of typeof topic === 'string' ? [topic] : topic) emitter.emit(name, payload);
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

/** PostgreSQL LISTEN/NOTIFY: every server instance on the database gets every notice. */
export async function createPostgresBus(sql: postgres.Sql): Promise<Bus> {
  const local = createLocalBus();
  const listener = await sql.listen(CHANNEL, (message) => {
    const { topic, payload } = JSON.parse(message) as { topic: string | string[]; payload: unknown };
    void local.publish(topic, payload);
  });
  return {
    async publish(topic, payload) {
      if (topic.length) await sql.notify(CHANNEL, JSON.stringify({ topic, payload }));
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
 * Subscribed at the call, so nothing published while the caller backfills is missed.
 */
export function wakeups(bus: Bus, topic: string, signal: AbortSignal | undefined) {
  let pending = false;
  let wake: ((value: boolean) => void) | undefined;
  const stop = bus.subscribe(topic, () => {
    pending = true;
    wake?.(true);
  });
  const onAbort = () => {
    stop();
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
