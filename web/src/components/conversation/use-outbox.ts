import { useMemo, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { connectivity } from '../../lib/connectivity';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { uuidV4 } from '../../lib/uuid';
import type { MessageType, PendingMessage } from './messages';
import { createOutbox, type Delivery } from './outbox';

/** One outbox per tab, shared by every conversation on every screen. */
const outbox = createOutbox(uuidV4);
// Back online: waiting messages go at once instead of at their next backoff step.
connectivity.subscribe(() => connectivity.isOnline() && outbox.retryNow());

const NONE: PendingMessage[] = [];
const noneWaiting = () => NONE;

export const retryMessage = outbox.retry;
export const discardMessage = outbox.discard;

/** My messages in this conversation (its `conversationKey`) that the server has not confirmed yet. */
export function usePending(conversation: string): PendingMessage[] {
  // None on the server (a page rendered with the session) and while the browser hydrates it.
  const all = useSyncExternalStore(outbox.subscribe, outbox.snapshot, noneWaiting);
  return useMemo(() => all.filter((message) => message.conversation === conversation), [all, conversation]);
}

/**
 * Sends a message of this conversation through the outbox: shown at once, handed to `onSent` once stored
 * (the adapter puts it in its cached messages), and a refusal toasted ('Ni mogoče poslati sporočila' with
 * the reason).
 */
export function useOutboxSend<M>(conversation: string, delivery: Omit<Delivery<M>, 'onFailed'>) {
  const intl = useIntl();
  const errorText = useErrorText();
  return (content: string, messageType: MessageType) =>
    outbox.enqueue(
      { conversation, content, messageType },
      {
        ...delivery,
        onFailed: (error) =>
          toast.error(intl.formatMessage({ id: 'chat.sendError' }), { description: errorText(error) }),
      },
    );
}
