import { tracked } from '@trpc/server';
import { type Bus, wakeups } from './bus';

/** At most this many changes per read; a shorter read means the subscriber has caught up. */
export const BACKFILL_BATCH = 100;

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
  do {
    for (;;) {
      const changes = await opts.changesAfter(last);
      for (const { seq, item } of changes) {
        yield tracked(String(seq), item);
        last = seq;
      }
      if (changes.length < BACKFILL_BATCH) break;
    }
  } while (await wake.next());
}
