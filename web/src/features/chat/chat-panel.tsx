import clsx from 'clsx';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DogDetailsDialog, UserProfileDialog } from '../../components/lazy-dialogs';
import { DogPhoto } from '../../components/dogs/dog-photo';
import { profilePlace } from '../../components/profile/avatar';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { usePageVisible } from '../../lib/use-page-visible';
import { Composer } from '../../components/conversation/composer';
import { MessageList } from '../../components/conversation/message-list';
import { withPending } from '../../components/conversation/messages';
import { usePending } from '../../components/conversation/use-outbox';
import { chatTitle, counterpartName } from './format';
import type { ChatSummary } from './types';
import { useChatMessages } from './use-chat-messages';
import { chatConversation, useSendMessage } from './use-send-message';
import { useMarkChatRead } from './api';

/** The header's round dog photo (size-11, md:size-12). */
const HEADER_PHOTO_SIZES = '(min-width: 768px) 48px, 44px';

interface ChatPanelProps {
  /** Shown between the header and the messages (the safety tips). */
  notice?: ReactNode;
  chat: ChatSummary;
  /** Before the dog's photo (the phone's back button on /klepet). */
  leading?: ReactNode;
  /** At the end of the header (delete on /klepet, close on /chat). */
  actions?: ReactNode;
  /** The box: its height (the panel fills it) and frame. */
  className?: string;
  /** Whether new messages stream in (default); off for cards far off screen. */
  live?: boolean;
}

/**
 * One chat, the same on /chat and /klepet: the dog and the person (each opens their details), the message
 * stream and the input, in a column as high as `className` makes it.
 */
export function ChatPanel({ chat, leading, actions, notice, className, live }: ChatPanelProps) {
  const intl = useIntl();
  const [locale] = useLocale();
  const { user } = useSession();
  const titleId = useId();
  const [dogOpen, setDogOpen] = useState(false);
  const [profileId, setProfileId] = useState<string | null>(null);
  const stored = useChatMessages(chat.id, live);
  const pending = usePending(chatConversation(chat.id));
  const send = useSendMessage(chat.id);
  const messages = useMemo(() => withPending(stored.messages ?? [], pending), [stored.messages, pending]);
  useMarkRead(chat);

  const title = chatTitle(intl, chat, locale);
  const name = counterpartName(intl, chat);
  return (
    <section aria-labelledby={titleId} className={clsx('flex min-h-0 flex-col', className)}>
      <header className="flex items-center gap-2 border-b border-border px-2 py-2 md:gap-3 md:px-3">
        {leading}
        {chat.dog ? (
          <DogButton dog={chat.dog} open={dogOpen} onOpenChange={setDogOpen} onOwner={setProfileId} />
        ) : (
          <DogPhoto
            photo={undefined}
            alt=""
            sizes={HEADER_PHOTO_SIZES}
            className="size-11 shrink-0 rounded-pill md:size-12"
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col items-start">
          <h2 id={titleId} className="w-full truncate text-body font-bold">
            {title}
          </h2>
          {chat.counterpart ? (
            <button
              type="button"
              onClick={() => setProfileId(chat.counterpart?.userId ?? null)}
              // A full-size target (44 px on phones, 24 on desktops) without making the header taller.
              className="-my-3 flex min-h-11 max-w-full items-center rounded-sm text-left text-label text-muted-foreground hover:text-primary-strong hover:underline md:-my-0.5 md:min-h-6"
            >
              <span className="truncate">{name}</span>
            </button>
          ) : (
            <span className="max-w-full truncate text-label text-muted-foreground italic">{name}</span>
          )}
        </div>
        {actions}
      </header>
      {notice}
      <MessageList
        messages={messages}
        stored={stored}
        myId={user?.id ?? ''}
        empty={
          <>
            <p className="font-semibold">{intl.formatMessage({ id: 'chat.noMessages' })}</p>
            <p className="text-label text-muted-foreground">
              {intl.formatMessage({ id: 'chat.noMessagesText' })}
            </p>
          </>
        }
        senderName={() => name}
        report={{ type: 'message', label: () => intl.formatMessage({ id: 'report.title.message' }) }}
        className="min-h-0 flex-1"
      />
      <Composer
        onSend={send}
        label={intl.formatMessage({ id: 'chat.input.label' })}
        withLike
        readOnlyNote={chat.counterpart ? undefined : intl.formatMessage({ id: 'errors.CHAT_READ_ONLY' })}
      />
      <UserProfileDialog
        userId={profileId}
        open={profileId !== null}
        onOpenChange={(open) => !open && setProfileId(null)}
      />
    </section>
  );
}

/** The dog's photo; it opens the dog's details (loaded on the first opening) with its owner's card. */
function DogButton({
  dog: chatDog,
  open,
  onOpenChange,
  onOwner,
}: {
  dog: NonNullable<ChatSummary['dog']>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOwner: (userId: string) => void;
}) {
  const intl = useIntl();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const dog = trpc.dogs.byId.useQuery({ id: chatDog.id }, { enabled: open });
  useEffect(() => {
    if (open && dog.isError) {
      toast.error(intl.formatMessage({ id: 'chat.dogError' }), { description: errorText(dog.error) });
      onOpenChange(false);
    }
  }, [open, dog.isError, dog.error, intl, errorText, onOpenChange]);
  const owner = dog.data?.owner;
  return (
    <>
      <button
        type="button"
        onClick={() => onOpenChange(true)}
        aria-label={intl.formatMessage({ id: 'chat.dogDetails' }, { name: chatDog.name })}
        aria-busy={open && dog.isFetching ? true : undefined}
        className="relative shrink-0 rounded-pill transition-opacity hover:opacity-85"
      >
        <DogPhoto
          photo={chatDog.photo ?? undefined}
          alt=""
          sizes={HEADER_PHOTO_SIZES}
          className="size-11 rounded-pill md:size-12"
        />
        {open && dog.isFetching && (
          <span className="absolute inset-0 flex items-center justify-center rounded-pill bg-foreground/40 text-white">
            <Spinner className="size-5" />
          </span>
        )}
      </button>
      <DogDetailsDialog
        dog={open ? (dog.data ?? null) : null}
        onOpenChange={onOpenChange}
        owner={owner && { fullName: owner.fullName, photo: owner.photo, place: profilePlace(owner, locale) }}
        onOwnerClick={
          owner
            ? () => {
                onOpenChange(false);
                onOwner(owner.userId);
              }
            : undefined
        }
      />
    </>
  );
}

/**
 * While the chat is on screen in a visible tab, its unread messages are read: at opening, on each new
 * message, and when the tab comes back. The badges clear at once; the server's list event confirms it.
 */
function useMarkRead(chat: ChatSummary) {
  const visible = usePageVisible();
  const { mutate } = useMarkChatRead();
  useEffect(() => {
    if (visible && chat.unread > 0) mutate({ chatId: chat.id });
  }, [chat.id, chat.unread, visible, mutate]);
}
