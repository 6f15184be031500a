import { upsertById } from '../../lib/lists';
import { type MutationHandlers, trpc } from '../../lib/trpc';
import type { Announcement } from './types';

/** The admin's announcement mutations; each writes its change into the cached list (no refetch). */

export function useCreateAnnouncement(handlers: MutationHandlers<Announcement> = {}) {
  const utils = trpc.useUtils();
  return trpc.announcements.create.useMutation({
    onSuccess: (created) => {
      utils.announcements.list.setData(undefined, (list) => list && upsertById(list, created));
      handlers.onSuccess?.(created);
    },
    onError: (error) => handlers.onError?.(error),
  });
}

export function useRemoveAnnouncement(handlers: MutationHandlers<{ id: string }> = {}) {
  const utils = trpc.useUtils();
  return trpc.announcements.remove.useMutation({
    onSuccess: (removed) => {
      utils.announcements.list.setData(undefined, (list) => list?.filter((entry) => entry.id !== removed.id));
      handlers.onSuccess?.(removed);
    },
    onError: (error) => handlers.onError?.(error),
  });
}
