import { skipToken } from '@tanstack/react-query';
import clsx from 'clsx';
import { Crown } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { LIMITS } from '#shared/limits';
import { Composer } from '../../components/conversation/composer';
import { MessageList } from '../../components/conversation/message-list';
import {
  conversationKey,
  isPending,
  type PendingMessage,
  withNewest,
  withPending,
} from '../../components/conversation/messages';
import { useOutboxSend, usePending } from '../../components/conversation/use-outbox';
import { pagedMessagesOptions, usePagedMessages } from '../../components/conversation/use-paged-messages';
import { Avatar } from '../../components/profile/avatar';
import { useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { usePageVisible } from '../../lib/use-page-visible';
import { useMarkEventChatRead } from './api';
import type { EventChatMessage, EventView } from './types';

/**
 * An event's messages: the newest page, older ones on request, and every new message live (resuming after
 * the newest held), added to the newest page as confirmed sends are.
 */
function useEventChatMessages(eventId: string) {
  const utils = trpc.useUtils();
  const query = trpc.events.chatMessages.useInfiniteQuery(
    { eventId },
    pagedMessagesOptions(LIMITS.event.chatPageSize),
  );
  const paged = usePagedMessages(query, true);
  trpc.events.onChatMessage.useSubscription(
    paged.liveFrom !== null ? { eventId, lastEventId: paged.liveFrom } : skipToken,
    {
      onData: ({ data }) =>
        utils.events.chatMessages.setInfiniteData({ eventId }, (all) => all && withNewest(all, [data])),
      onError: (failure) => console.error(failure),
    },
  );
  return paged;
}

/** Sends to the event's chat through the tab's outbox; once stored it joins the cached messages. */
function useSendEventMessage(eventId: string) {
  const utils = trpc.useUtils();
  return useOutboxSend(conversationKey('event', eventId), {
    send: ({ id, content }) => utils.client.events.chatSend.mutate({ eventId, id, content }),
    onSent: (stored) =>
      utils.events.chatMessages.setInfiniteData({ eventId }, (all) => all && withNewest(all, [stored])),
  });
}

/**
 * While the chat is open in a visible tab, what it shows is read (the server then pushes nothing about it):
 * at opening, on each new message, and when the tab comes back.
 */
function useMarkRead(eventId: string, lastSeq: number) {
  const visible = usePageVisible();
  const { mutate } = useMarkEventChatRead();
  useEffect(() => {
    if (visible && lastSeq > 0) mutate({ eventId, seq: lastSeq });
  }, [eventId, lastSeq, visible, mutate]);
}

/**
 * The event chat's adapter of the conversation components: each message under its sender's name (and
 * photo, for others), the organiser's marked; others' messages reported as event messages.
 */
export default function EventChat({ event }: { event: EventView }) {
  const t = useT();
  const { user } = useSession();
  const stored = useEventChatMessages(event.id);
  const pending = usePending(conversationKey('event', event.id));
  const send = useSendEventMessage(event.id);
  const messages = useMemo(() => withPending(stored.messages ?? [], pending), [stored.messages, pending]);
  useMarkRead(event.id, stored.messages?.at(-1)?.seq ?? 0);

  const byline = (message: EventChatMessage | PendingMessage, mine: boolean) => {
    // Mine on its way: my name, and the organiser's mark if the event is mine.
    const sender = isPending(message) ? { fullName: user?.fullName ?? '', photo: null } : message.sender;
    const organiser = isPending(message) ? event.isMine : message.fromOrganiser;
    return (
      <>
        {!mine && <Avatar fullName={sender.fullName} photo={sender.photo} size="xs" />}
        {/* The photo stays beside the name; a long name wraps, and the organiser's mark after it. */}
        <span className={clsx('flex min-w-0 flex-wrap items-center gap-x-1.5', mine && 'justify-end')}>
          <span className="min-w-0 font-semibold [overflow-wrap:anywhere] text-foreground">
            {sender.fullName}
          </span>
          {organiser && (
            <span className="inline-flex items-center gap-1 rounded-pill bg-primary-soft px-2 text-primary-strong">
              <Crown aria-hidden="true" className="size-3" />
              {t('events.attendees.creator')}
            </span>
          )}
        </span>
      </>
    );
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <MessageList
        messages={messages}
        stored={stored}
        myId={user?.id ?? ''}
        empty={<p className="text-muted-foreground">{t('events.chat.empty')}</p>}
        byline={byline}
        report={{
          type: 'event_message',
          label: (message) => t('events.chat.report', { name: message.sender.fullName }),
        }}
        className="h-[45dvh] min-h-40 rounded-control border border-border bg-background"
      />
      <Composer onSend={send} label={t('events.chat.label')} className="" />
    </div>
  );
}
