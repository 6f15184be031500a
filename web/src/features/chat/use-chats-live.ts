import { trpc } from '../../lib/trpc';

/**
 * Keeps my chat list (chats.list) current while signed in: the server sends the whole list at once and
 * after every change (a message, a read, a new or deleted chat). Mounted once, by the layout.
 */
export function useChatsLive() {
  const utils = trpc.useUtils();
  trpc.chats.onChange.useSubscription(undefined, {
    onData: async ({ data }) => {
      // A list request still in flight was read before this event: it must not overwrite it.
      await utils.chats.list.cancel();
      utils.chats.list.setData(undefined, data);
    },
  });
}
