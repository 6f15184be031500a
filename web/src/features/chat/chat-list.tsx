import clsx from 'clsx';
import { Trash2 } from 'lucide-react';
import { type IntlShape, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { isLikeMessage } from '#shared/domain/like-message';
import { badgeText } from '../../components/badge-text';
import { DogPhoto } from '../../components/dogs/dog-photo';
import { useLocale } from '../../lib/intl';
import { chatTitle, counterpartName, listDate } from './format';
import type { ChatSummary } from './types';

export const chatLink = (chatId: string) => `/klepet?chat=${encodeURIComponent(chatId)}`;

interface ChatListProps {
  chats: readonly ChatSummary[];
  selectedId: string | null;
  myId: string;
  onDelete: (chat: ChatSummary) => void;
}

/** /klepet's list, newest activity first: dog, person, last message and its date, unread count, delete. */
export function ChatList({ chats, selectedId, myId, onDelete }: ChatListProps) {
  const intl = useIntl();
  const [locale] = useLocale();
  const now = new Date();
  return (
    <ul className="flex flex-col gap-1 p-2">
      {chats.map((chat) => {
        const selected = chat.id === selectedId;
        // The open chat is being read: its count would only flash until the read is recorded.
        const unread = selected ? 0 : chat.unread;
        const title = chatTitle(intl, chat, locale);
        return (
          <li key={chat.id} className="group flex items-center gap-1">
            <Link
              to={chatLink(chat.id)}
              aria-current={selected ? 'page' : undefined}
              className={clsx(
                'flex min-w-0 flex-1 items-center gap-3 rounded-control p-2.5 transition-colors',
                selected ? 'bg-primary-soft' : 'hover:bg-muted',
              )}
            >
              <DogPhoto
                photo={chat.dog?.photo ?? undefined}
                alt=""
                sizes="48px"
                className="size-12 shrink-0 rounded-pill"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate font-bold">{title}</span>
                  <time
                    dateTime={chat.lastMessageAt.toISOString()}
                    className={clsx(
                      'shrink-0 text-caption',
                      unread ? 'font-semibold text-primary-strong' : 'text-muted-foreground',
                    )}
                  >
                    {listDate(intl, chat.lastMessageAt, now)}
                  </time>
                </span>
                <span className="truncate text-caption text-muted-foreground">
                  {counterpartName(intl, chat)}
                </span>
                <span className="flex items-center gap-2">
                  <span
                    className={clsx(
                      'min-w-0 flex-1 truncate text-label',
                      unread ? 'font-semibold text-foreground' : 'text-muted-foreground',
                    )}
                  >
                    {snippet(intl, chat, myId)}
                  </span>
                  {unread > 0 && (
                    <span className="shrink-0 rounded-pill bg-primary px-1.5 text-caption leading-5 font-bold text-primary-foreground">
                      <span aria-hidden="true" data-testid="chat-unread">
                        {badgeText(unread)}
                      </span>
                      <span className="sr-only">
                        {intl.formatMessage({ id: 'chat.unread' }, { count: unread })}
                      </span>
                    </span>
                  )}
                </span>
              </span>
            </Link>
            <button
              type="button"
              onClick={() => onDelete(chat)}
              aria-label={intl.formatMessage({ id: 'chat.deleteNamed' }, { title })}
              title={intl.formatMessage({ id: 'chat.delete' })}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-muted-foreground transition-colors hover:bg-danger-soft hover:text-danger"
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The last message in one line: "Vi: …" for mine, the like message by its name, or "no messages yet". */
function snippet(intl: IntlShape, chat: ChatSummary, myId: string): string {
  const last = chat.lastMessage;
  if (!last) return intl.formatMessage({ id: 'chat.noMessages' });
  const text = isLikeMessage(last) ? `❤️ ${intl.formatMessage({ id: 'chat.likeMessage' })}` : last.content;
  return last.senderId === myId ? intl.formatMessage({ id: 'chat.fromYou' }, { text }) : text;
}
