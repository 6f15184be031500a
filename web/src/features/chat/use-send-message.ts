import { conversationKey, withNewest } from '../../components/conversation/messages';
import { useOutboxSend } from '../../components/conversation/use-outbox';
import { trpc } from '../../lib/trpc';

/** A pair chat's key in the tab's outbox. */
export const chatConversation = (chatId: string) => conversationKey('chat', chatId);

/** Sends a message to the pair chat through the outbox; once stored it joins the chat's cached messages. */
export function useSendMessage(chatId: string) {
  const utils = trpc.useUtils();
  return useOutboxSend(chatConversation(chatId), {
    send: (input) => utils.client.chats.send.mutate({ chatId, ...input }),
    onSent: (stored) =>
      utils.chats.messages.setInfiniteData({ chatId }, (all) => all && withNewest(all, [stored])),
  });
}
