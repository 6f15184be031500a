import { upsertById } from '../../lib/lists';
import { trpc } from '../../lib/trpc';

/**
 * Keeps the announcements current while signed in: created, edited and removed ones are written into the
 * cached list (no refetch). Mounted once, by the layout; resumable by event id like the requests.
 */
export function useAnnouncementsLive(enabled: boolean) {
  const utils = trpc.useUtils();
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
