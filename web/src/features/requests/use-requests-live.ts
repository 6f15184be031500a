import { isMatchNews } from '#shared/domain/requests';
import { upsertById, withoutId } from '../../lib/lists';
import { trpc } from '../../lib/trpc';
import type { RequestItem } from './types';

/**
 * Keeps requests and the unread count current while signed in: each change the server reports is written
 * into the cached list (no refetch), so the bell and every open panel update at once. Match news (a match
 * or an acceptance of my request) arriving unread goes to `onMatchNews`; a sighting of my lost dog refreshes
 * its sightings. Mounted once, by the layout. Tracked event ids let a dropped socket resume without losing or
 * repeating an event.
 */
export function useRequestsLive(enabled: boolean, onMatchNews: (notice: RequestItem) => void) {
  const utils = trpc.useUtils();
  trpc.requests.onChange.useSubscription(undefined, {
    enabled,
    // The subscription reports changes from when it starts: a list read just before is read again.
    onStarted: () => {
      void utils.requests.list.invalidate();
      void utils.requests.unreadCount.invalidate();
      // So are open sightings, which a notice of a new one refreshes (below).
      void utils.lost.sightings.invalidate();
    },
    onData: ({ data: item }) => {
      // A request withdrawn, or one of a user hidden from me since: it leaves every list.
      if ('gone' in item) {
        utils.requests.list.setData(undefined, (list) => list && withoutId(list, item.id));
        void utils.requests.unreadCount.invalidate();
        // A block hides a match too: the profile no longer counts it.
        void utils.profiles.stats.invalidate();
        return;
      }
      utils.requests.list.setData(undefined, (list) => list && upsertById(list, item));
      // Someone liked back or accepted: news only when it arrives as it happens, unread.
      if (isMatchNews(item)) onMatchNews(item);
      // Someone saw my lost dog: an open map of its sightings shows the new one.
      if (item.type === 'lost_sighting' && item.lostAlertId)
        void utils.lost.sightings.invalidate({ id: item.lostAlertId });
      void utils.requests.unreadCount.invalidate();
      // An accepted request may have made a match.
      void utils.profiles.stats.invalidate();
    },
  });
}
