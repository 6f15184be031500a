import { withoutId } from '../../lib/lists';
import { type MutationHandlers, trpc } from '../../lib/trpc';
import { readChat } from './cache';

/** The chat list's mutations; each writes its change into the cached list at once. */

/** Badges clear at once; the server's list event confirms it. SPEC §8: errors go to the console only. */
export function useMarkChatRead() {
  const utils = trpc.useUtils();
  return trpc.chats.markRead.useMutation({
    onMutate: ({ chatId }) => utils.chats.list.setData(undefined, (list) => list && readChat(list, chatId)),
    onError: (error) => console.error(error),
  });
}

export function useRemoveChat(handlers: MutationHandlers<{ id: string }> = {}) {
  const utils = trpc.useUtils();
  return trpc.chats.remove.useMutation({
    onSuccess: (removed) => {
      utils.chats.list.setData(undefined, (list) => list && withoutId(list, removed.id));
      void utils.chats.list.invalidate();
      handlers.onSuccess?.(removed);
    },
    onError: (error) => handlers.onError?.(error),
  });
}

/** Out of my list until the next message; the server's list event confirms it. */
export function useHideChat(handlers: MutationHandlers<{ ok: true }> = {}) {
  const utils = trpc.useUtils();
  return trpc.chats.hide.useMutation({
    onSuccess: (hidden, { chatId }) => {
      utils.chats.list.setData(undefined, (list) => list && withoutId(list, chatId));
      handlers.onSuccess?.(hidden);
    },
    onError: (error) => handlers.onError?.(error),
  });
}
