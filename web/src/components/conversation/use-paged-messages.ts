import type { InfiniteData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { mergeById, type StoredMessage } from './messages';

/**
 * The infinite query options of a conversation's messages: the next page is the one before the oldest
 * message held (its `seq`), and nothing is refetched (a refetch would drop what was loaded; the live stream
 * keeps the newest page current).
 */
export const pagedMessagesOptions = (pageSize: number) => ({
  getNextPageParam: (page: readonly StoredMessage[]) => (page.length >= pageSize ? page[0]?.seq : undefined),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

/** What the hook needs of the messages' infinite query (a tRPC `useInfiniteQuery` result). */
interface PagedQuery<M> {
  data: InfiniteData<M[], unknown> | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/**
 * A conversation's messages from its infinite query (newest page first, older pages on request), and where
 * its live stream resumes. The adapter subscribes from `liveFrom` (none while it is null) and adds each
 * message to the newest page (`withNewest`), as confirmed sends do.
 */
export function usePagedMessages<M extends StoredMessage>(query: PagedQuery<M>, live: boolean) {
  const messages = useMemo(() => query.data && mergeById(...query.data.pages), [query.data]);

  // Where the stream resumes, fixed while it runs (a new input would start it again): right after the
  // newest message held, so nothing is missed or shown twice. On a reconnect tRPC resumes it by itself.
  const [liveFrom, setLiveFrom] = useState<string | null>(null);
  if (live && messages && liveFrom === null) setLiveFrom(String(messages.at(-1)?.seq ?? 0));
  if (!live && liveFrom !== null) setLiveFrom(null);

  const loadOlder = () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    void query.fetchNextPage().then((result) => result.isError && console.error(result.error));
  };

  return {
    messages,
    liveFrom,
    isPending: query.isPending,
    /** Nothing to show: the first page failed (an older page failing keeps what is shown). */
    isError: query.isError && !messages,
    retry: () => void query.refetch(),
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder,
  };
}

export type PagedMessages<M extends StoredMessage> = ReturnType<typeof usePagedMessages<M>>;
