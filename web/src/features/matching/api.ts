import type { DeckFilters } from '#shared/schemas/deck';
import { trpc } from '../../lib/trpc';

/**
 * Saves my deck filters; the deck is read again from the server (it walks by them). `onSaved` gets the
 * filters as stored.
 */
export function useSaveFilters(
  handlers: { onSaved?: (filters: DeckFilters) => void; onError?: (error: unknown) => void } = {},
) {
  const utils = trpc.useUtils();
  return trpc.dogs.setDeckFilters.useMutation({
    onSuccess: async (saved) => {
      utils.dogs.deckFilters.setData(undefined, saved);
      handlers.onSaved?.(saved);
      await utils.dogs.deck.invalidate();
    },
    onError: (error) => handlers.onError?.(error),
  });
}

/** Takes a pending request back from the list of dogs I liked: the dog leaves it and may come back to the deck. */
export function useWithdrawLike(
  handlers: { onSuccess?: () => void; onError?: (error: unknown) => void } = {},
) {
  const utils = trpc.useUtils();
  return trpc.requests.withdraw.useMutation({
    onSuccess: async () => {
      handlers.onSuccess?.();
      await Promise.all([
        utils.likes.liked.invalidate(),
        utils.requests.list.invalidate(),
        utils.dogs.deck.invalidate(),
      ]);
    },
    onError: (error) => handlers.onError?.(error),
  });
}
