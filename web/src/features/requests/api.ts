import { type MutationHandlers, trpc } from '../../lib/trpc';
import { withoutId } from '../../lib/lists';
import { withStatus } from './cache';

/**
 * The request mutations. Each writes its change into the cached list at once (the server's change event
 * confirms it shortly after) and refreshes the counts it affects; callers add only what the user is told.
 */

function useRequestCache() {
  const utils = trpc.useUtils();
  return {
    setStatus(change: Parameters<typeof withStatus>[1]) {
      utils.requests.list.setData(undefined, (list) => list && withStatus(list, change));
    },
    /** The bell's count, and the profile's matches (an accepted request may be one). */
    settled() {
      void utils.requests.unreadCount.invalidate();
      void utils.profiles.stats.invalidate();
    },
    drop(id: string) {
      utils.requests.list.setData(undefined, (list) => list && withoutId(list, id));
    },
    dropUnread() {
      utils.requests.unreadCount.setData(undefined, (count) => (count ? count - 1 : count));
    },
  };
}

/** Read at once, here and in every panel and the bell. */
export function useMarkRequestRead() {
  const cache = useRequestCache();
  return trpc.requests.markRead.useMutation({
    onMutate: ({ id }) => {
      cache.setStatus({ id, status: 'read', only: 'unread' });
      cache.dropUnread();
    },
    onSettled: cache.settled,
  });
}

export function useAcceptRequest(handlers: MutationHandlers<{ chatId: string }> = {}) {
  const cache = useRequestCache();
  return trpc.requests.accept.useMutation({
    onSuccess: (accepted, { id }) => {
      cache.setStatus({ id, status: 'accepted', chatId: accepted.chatId });
      handlers.onSuccess?.(accepted);
    },
    onError: (error) => handlers.onError?.(error),
    onSettled: cache.settled,
  });
}

export function useRejectRequest(handlers: MutationHandlers<{ ok: true }> = {}) {
  const cache = useRequestCache();
  return trpc.requests.reject.useMutation({
    onSuccess: (rejected, { id }) => {
      cache.setStatus({ id, status: 'rejected' });
      handlers.onSuccess?.(rejected);
    },
    onError: (error) => handlers.onError?.(error),
    onSettled: cache.settled,
  });
}

/** The liker takes a pending request back; the server's change event drops it from every list. */
export function useWithdrawRequest(handlers: MutationHandlers<{ ok: true }> = {}) {
  const cache = useRequestCache();
  return trpc.requests.withdraw.useMutation({
    onSuccess: (done, { id }) => {
      cache.drop(id);
      handlers.onSuccess?.(done);
    },
    onError: (error) => handlers.onError?.(error),
  });
}
