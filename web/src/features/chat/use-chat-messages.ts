import { skipToken } from '@tanstack/react-query';
import { LIMITS } from '#shared/limits';
import { withNewest } from '../../components/conversation/messages';
import { pagedMessagesOptions, usePagedMessages } from '../../components/conversation/use-paged-messages';
import { trpc } from '../../lib/trpc';

/**
 * A pair chat's messages: the newest page, older pages on request, and every new message live, added to
 * the newest page by the stream and by confirmed sends. The stream runs while `live` (a card on screen);
 * going live again it resumes after the newest message held.
 */
export function useChatMessages(chatId: string, live = true) {
  const utils = trpc.useUtils();
  const query = trpc.chats.messages.useInfiniteQuery(
    { chatId },
    pagedMessagesOptions(LIMITS.chatMessage.pageSize),
  );
  const paged = usePagedMessages(query, live);
  trpc.chats.onMessage.useSubscription(
    paged.liveFrom !== null ? { chatId, lastEventId: paged.liveFrom } : skipToken,
    {
      onData: ({ data }) =>
        utils.chats.messages.setInfiniteData({ chatId }, (all) => all && withNewest(all, [data])),
      // SPEC §8: message-load errors go to the console only.
      onError: (error) => console.error(error),
    },
  );
  return paged;
}
