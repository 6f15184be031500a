import { trpc } from '../../lib/trpc';
import type { RequestItem } from './types';

const newestFirst = (a: { createdAt: Date }, b: { createdAt: Date }) =>
  b.createdAt.getTime() - a.createdAt.getTime();

/** The list with `item` in place of the entry with its id (or added), newest first. */
export function upsertById<T extends { id: string; createdAt: Date }>(list: readonly T[], item: T): T[] {
  return [...list.filter((entry) => entry.id !== item.id), item].sort(newestFirst);
}

/**
 * Keeps requests, the unread count and announcements current while signed in: each change the server
 * reports is written into the cached lists (no refetch), so the bell and every open panel update at once.
 * A match notice arriving unread goes to `onMatch`. Mounted once, by the layout. Tracked event ids let a dropped socket resume without losing or repeating
 * an event.
 */
export function useRequestsLive(enabled: boolean, onMatch: (notice: RequestItem) => void) {
  const utils = trpc.useUtils();
  trpc.likes.onChange.useSubscription(undefined, {
    enabled,
    // The subscription reports changes from when it starts: a list read just before is read again.
    onStarted: () => {
      void utils.likes.requests.invalidate();
      void utils.likes.unreadCount.invalidate();
    },
    onData: ({ data: item }) => {
      utils.likes.requests.setData(undefined, (list) => list && upsertById(list, item));
      // Someone liked back: the match is news only when it arrives as it happens, unread.
      if (item.type === 'match' && item.direction === 'received' && item.status === 'unread') onMatch(item);
      void utils.likes.unreadCount.invalidate();
      // An accepted request may have made a match.
      void utils.profiles.stats.invalidate();
    },
  });
  trpc.announcements.onChange.useSubscription(undefined, {
    enabled,
    onStarted: () => void utils.announcements.list.invalidate(),
    onData: ({ data: { isActive, ...announcement } }) => {
      utils.announcements.list.setData(
        undefined,
        (list) =>
          list &&
          (isActive ? upsertById(list, announcement) : list.filter((entry) => entry.id !== announcement.id)),
      );
    },
  });
}
