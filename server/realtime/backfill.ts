import { tracked } from '@trpc/server';
import { isDatabaseUnavailable } from '../db/client';
import { type Bus, wakeups } from './bus';

/** At most this many changes per read; a shorter read means the subscriber has caught up. */
export const BACKFILL_BATCH = 100;
/** How long a read is retried while the database is away (a restart) before the subscription fails. */
export const READ_RETRY_MS = 30_000;

/**
 * A resumable subscription over rows that carry a `seq`: listens first, then reads every change after the
 * client's last event id (or after what exists now), then waits for the next notice and reads again.
 * Nothing is lost between the read and the wait, and a reconnecting client gets each change once.
 */
export async function* backfilled<T>(opts: {
  bus: Bus;
  topic: string;
  signal: AbortSignal | undefined;
  lastEventId: string | null | undefined;
  latest: () => Promise<number>;
  /** At most BACKFILL_BATCH changes after `seq`, oldest first. */
  changesAfter: (seq: number) => Promise<Array<{ seq: number; item: T }>>;
}) {
  const wake = wakeups(opts.bus, opts.topic, opts.signal);
  let last = opts.lastEventId ? Number(opts.lastEventId) : await opts.latest();
  // A failed read would end the stream with an error, which clients do not resume from: while the database
  // is away (a restart), the read is tried again instead, from the same event.
  const read = async (): Promise<Array<{ seq: number; item: T }>> => {
    const started = Date.now();
    for (let delay = 100; ; delay = Math.min(delay * 2, 2_000)) {
      try {
        return await opts.changesAfter(last);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() - started > READ_RETRY_MS || opts.signal?.aborted)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  do {
    for (;;) {
      const changes = await read();
      for (const { seq, item } of changes) {
        yield tracked(String(seq), item);
        last = seq;
      }
      if (changes.length < BACKFILL_BATCH) break;
    }
  } while (await wake.next());
}
