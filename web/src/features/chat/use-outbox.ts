import { useMemo, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { connectivity } from '../../lib/connectivity';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { type PendingMessage, withNewest } from './messages';
import { createOutbox } from './outbox';
import type { ChatMessage } from './types';

/**
 * A message id. crypto.randomUUID exists only in secure contexts (https, localhost); on a plain-http
 * address the same version-4 form is built from getRandomValues, which works everywhere.
 */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One outbox per tab, shared by every chat on every screen. */
const outbox = createOutbox<ChatMessage>(newId);
// Back online: waiting messages go at once instead of at their next backoff step.
connectivity.subscribe(() => connectivity.isOnline() && outbox.retryNow());

export const retryMessage = outbox.retry;
export const discardMessage = outbox.discard;

/** My messages in this chat that the server has not confirmed yet. */
export function usePending(chatId: string): PendingMessage[] {
  const all = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  return useMemo(() => all.filter((message) => message.chatId === chatId), [all, chatId]);
}

/**
 * Sends a message through the outbox: shown at once, confirmed into the chat's cached messages, and a
 * refusal toasted ('Ni mogoče poslati sporočila' with the reason).
 */
export function useSendMessage(chatId: string) {
  const intl = useIntl();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  return (content: string, messageType: PendingMessage['messageType']) =>
    outbox.enqueue(
      { chatId, content, messageType },
      {
        send: (input) => utils.client.chats.send.mutate(input),
        onSent: (stored) =>
          utils.chats.messages.setInfiniteData({ chatId }, (all) => all && withNewest(all, [stored])),
        onFailed: (error) =>
          toast.error(intl.formatMessage({ id: 'chat.sendError' }), { description: errorText(error) }),
      },
    );
}
