import { lockKeys } from '../db/advisory-lock';
import type { Tx } from '../db/client';

/**
 * Resumable subscriptions read "every row after the last `seq` I sent". On PostgreSQL, concurrent
 * transactions can commit out of `seq` order, and a row that commits after a subscriber has read past
 * its `seq` would never be sent. So every writer of a stream's rows holds the stream's lock from before
 * it takes a `seq` until it commits: within one stream, `seq` order is commit order. (A chat's messages
 * use the chat's row lock instead, which the writer takes anyway.)
 */
export function lockStreams(tx: Tx, ...streams: Array<string | null | undefined>) {
  return lockKeys(tx, streams);
}
