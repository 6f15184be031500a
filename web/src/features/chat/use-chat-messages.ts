import { skipToken } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LIMITS } from '#shared/limits';
import { trpc } from '../../lib/trpc';
import { mergeById, withNewest } from './messages';

/**
 * A chat's messages: the newest page, older pages on request (an infinite query whose next page is the one
 * before the oldest message held), and every new message live, added to the newest page by the stream and
 * by confirmed sends. Never refetched: a refetch would drop what was loaded. The stream runs while `live`
 * (a card on screen); going live again it resumes after the newest message held.
 */
export function useChatMessages(chatId: string, live = true) {
  const utils = trpc.useUtils();
  const query = trpc.chats.messages.useInfiniteQuery(
    { chatId },
    {
      getNextPageParam: (page) => (page.length >= LIMITS.chatMessage.pageSize ? page[0]?.seq : undefined),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  );
  const messages = useMemo(() => query.data && mergeById(...query.data.pages), [query.data]);

  // Where the stream resumes, fixed while it runs (a new input would start it again): right after the
  // newest message held, so nothing is missed or shown twice. On a reconnect tRPC resumes it by itself.
  const [liveFrom, setLiveFrom] = useState<string | null>(null);
  if (live && messages && liveFrom === null) setLiveFrom(String(messages.at(-1)?.seq ?? 0));
  if (!live && liveFrom !== null) setLiveFrom(null);

  trpc.chats.onMessage.useSubscription(liveFrom !== null ? { chatId, lastEventId: liveFrom } : skipToken, {
    onData: ({ data }) =>
      utils.chats.messages.setInfiniteData({ chatId }, (all) => all && withNewest(all, [data])),
    // SPEC §8: message-load errors go to the console only.
    onError: (error) => console.error(error),
  });

  const loadOlder = () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    void query.fetchNextPage().then((result) => result.isError && console.error(result.error));
  };

  return {
    messages,
    isPending: query.isPending,
    /** Nothing to show: the first page failed (an older page failing keeps what is shown). */
    isError: query.isError && !messages,
    retry: () => void query.refetch(),
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder,
  };
}
