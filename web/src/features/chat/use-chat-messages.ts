import { skipToken } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '../../../../src/limits';
import { trpc } from '../../lib/trpc';
import { mergeById } from './messages';

/**
 * A chat's messages: the newest page, older pages on request, and every new message live. All of them
 * live in one cache entry (chats.messages({ chatId })), which the live stream and confirmed sends extend,
 * so it is never refetched (a refetch would drop what was loaded around it). The stream runs while `live`
 * (a card on screen); going live again it resumes after the newest message held.
 */
export function useChatMessages(chatId: string, live = true) {
  const utils = trpc.useUtils();
  const query = trpc.chats.messages.useQuery(
    { chatId },
    { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  // The live stream starts right after the last loaded message, fixed once: no gap, nothing twice. On a
  // reconnect tRPC resumes it from the last message it delivered.
  const [stream, setStream] = useState<{ lastEventId: string; hasOlder: boolean } | null>(null);
  if (query.data && !stream)
    setStream({
      lastEventId: String(query.data.at(-1)?.seq ?? 0),
      hasOlder: query.data.length >= LIMITS.chatMessage.pageSize,
    });

  // Where the stream resumes, fixed while it runs: a new input would start it again.
  const [liveFrom, setLiveFrom] = useState<string | null>(null);
  const newest = query.data?.at(-1)?.seq;
  if (live && stream && liveFrom === null)
    setLiveFrom(newest === undefined ? stream.lastEventId : String(newest));
  if (!live && liveFrom !== null) setLiveFrom(null);

  trpc.chats.onMessage.useSubscription(liveFrom !== null ? { chatId, lastEventId: liveFrom } : skipToken, {
    onData: ({ data }) => utils.chats.messages.setData({ chatId }, (list) => list && mergeById(list, [data])),
    // SPEC §8: message-load errors go to the console only.
    onError: (error) => console.error(error),
  });

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = async () => {
    const first = query.data?.[0];
    if (!first || !stream?.hasOlder || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await utils.chats.messages.fetch({ chatId, before: first.seq });
      utils.chats.messages.setData({ chatId }, (list) => list && mergeById(page, list));
      setStream((current) => current && { ...current, hasOlder: page.length >= LIMITS.chatMessage.pageSize });
    } catch (error) {
      console.error(error);
    } finally {
      setLoadingOlder(false);
    }
  };

  return { query, hasOlder: stream?.hasOlder ?? false, loadingOlder, loadOlder };
}
