import clsx from 'clsx';
import { Clock, Flag, Heart, RotateCcw, Trash2, WifiOff } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isLikeMessage } from '#shared/domain/like-message';
import { ReportDialog } from '../../components/safety/report-dialog';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { isPending, type PendingMessage } from './messages';
import type { ChatMessage } from './types';
import { discardMessage, retryMessage } from './use-outbox';
import { useT } from '../../lib/intl';
import { messageStamp, useNow } from '../../lib/relative-time';

type Shown = ChatMessage | PendingMessage;

interface MessageListProps {
  messages: readonly Shown[];
  myId: string;
  /** The other person's name, said before their messages to screen readers. */
  theirName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** Closer to the bottom than this counts as "reading the newest": new messages then scroll into view. */
const NEAR_BOTTOM_PX = 80;

/**
 * The message stream: mine on the right, theirs on the left, when each was sent under it ("Danes 19:09").
 * Opens at the newest message and follows new ones while the reader is near the bottom (or when I send);
 * scrolling to the top loads older messages without moving what is on screen.
 */
export function MessageList({
  messages,
  myId,
  theirName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: MessageListProps) {
  const intl = useIntl();
  const t = useT();
  const [reporting, setReporting] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });

  const first = messages[0]?.id;
  const lastMessage = messages.at(-1);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = previous.current;
    const last = lastMessage?.id;
    if (before.first && first !== before.first && last === before.last)
      // An older page went in above: keep the same messages in view.
      element.scrollTop += element.scrollHeight - before.height;
    else if (nearBottom.current || (lastMessage && isPending(lastMessage) && last !== before.last))
      element.scrollTop = element.scrollHeight;
    previous.current = { first, last, height: element.scrollHeight };
  }, [first, lastMessage]);

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < 40 && hasOlder && !loadingOlder) onLoadOlder();
  };

  // Renewed every half minute: a chat left open past midnight moves "Danes" to "Včeraj".
  const now = new Date(useNow());
  return (
    <div
      ref={box}
      onScroll={onScroll}
      role="log"
      aria-label={t('chat.messagesLabel')}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 md:px-4"
    >
      {/* A short conversation sits at the bottom, next to the input, as in any messenger. */}
      <div className="flex min-h-full flex-col justify-end">
        {hasOlder && (
          <div className="mb-3 flex justify-center">
            <Button variant="ghost" onClick={onLoadOlder} disabled={loadingOlder} className="text-label">
              {loadingOlder ? <Spinner className="size-4" /> : null}
              {t('chat.loadOlder')}
            </Button>
          </div>
        )}
        {messages.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-1 px-6 text-center">
            <p className="font-semibold">{t('chat.noMessages')}</p>
            <p className="text-label text-muted-foreground">{t('chat.noMessagesText')}</p>
          </div>
        ) : (
          <ol className="flex flex-col gap-2">
            {messages.map((message) => {
              const mine = isPending(message) || message.senderId === myId;
              return (
                <Message
                  key={message.id}
                  message={message}
                  mine={mine}
                  sender={mine ? t('chat.you') : theirName}
                  stamp={messageStamp(intl, message.createdAt, now)}
                  onReport={() => setReporting(message.id)}
                />
              );
            })}
          </ol>
        )}
      </div>
      <ReportDialog
        target={reporting ? { type: 'message', id: reporting } : null}
        onClose={() => setReporting(null)}
      />
    </div>
  );
}

function Message({
  message,
  mine,
  sender,
  stamp,
  onReport,
}: {
  message: Shown;
  mine: boolean;
  sender: string;
  /** When it was sent, "Danes 19:09". */
  stamp: string;
  onReport: () => void;
}) {
  const t = useT();
  const pending = isPending(message) ? message : null;
  const time = <time dateTime={message.createdAt.toISOString()}>{stamp}</time>;

  if (isLikeMessage(message))
    return (
      <li className="my-1 flex flex-col items-center gap-1">
        <p
          data-testid="like-message"
          className="inline-flex items-center gap-2 rounded-pill border border-primary/30 bg-primary-soft px-4 py-1.5 font-semibold text-primary-strong shadow-sm"
        >
          <Heart aria-hidden="true" className="size-4 text-primary" fill="currentColor" />
          <span className="sr-only">{sender}: </span>
          {t('chat.likeMessage')}
        </p>
        <span className="flex items-center gap-1 text-caption text-muted-foreground">
          {time}
          {pending && <Status message={pending} />}
        </span>
      </li>
    );

  return (
    <li
      className={clsx(
        'flex max-w-[85%] flex-col gap-1 md:max-w-[75%]',
        mine ? 'items-end self-end' : 'items-start self-start',
      )}
    >
      <p
        className={clsx(
          'rounded-card px-3.5 py-2 whitespace-pre-wrap break-words [overflow-wrap:anywhere]',
          pending?.status === 'failed'
            ? 'rounded-br-sm border border-danger/40 bg-danger-soft text-danger-strong'
            : mine
              ? 'rounded-br-sm bg-primary text-primary-foreground'
              : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{sender}: </span>
        {message.content}
      </p>
      <span className="flex items-center gap-1 px-1 text-caption text-muted-foreground">
        {time}
        {pending && <Status message={pending} />}
        {!mine && (
          <button
            type="button"
            onClick={onReport}
            aria-label={t('report.title.message')}
            title={t('report.title.message')}
            className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-control hover:bg-muted hover:text-danger"
          >
            <Flag aria-hidden="true" className="size-3.5" />
          </button>
        )}
      </span>
    </li>
  );
}

/** How far a message of mine has got: on its way, waiting for the connection, or refused (retry / discard). */
function Status({ message }: { message: PendingMessage }) {
  const t = useT();
  if (message.status === 'sending')
    return (
      // Usually gone in a blink: an icon only, named for screen readers.
      <span className="inline-flex items-center" data-status="sending">
        <Clock aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{t('chat.status.sending')}</span>
      </span>
    );
  if (message.status === 'waiting')
    return (
      <span className="inline-flex items-center gap-1 text-accent-strong" data-status="waiting">
        <WifiOff aria-hidden="true" className="size-3.5" />
        {t('chat.status.waiting')}
      </span>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-1 font-semibold text-danger" data-status="failed">
      {t('chat.status.failed')}
      <button
        type="button"
        onClick={() => retryMessage(message.id)}
        className="inline-flex min-h-9 items-center gap-1 rounded-control px-2 text-primary-strong hover:bg-primary-soft"
      >
        <RotateCcw aria-hidden="true" className="size-3.5" />
        {t('chat.retrySend')}
      </button>
      <button
        type="button"
        onClick={() => discardMessage(message.id)}
        className="inline-flex min-h-9 items-center gap-1 rounded-control px-2 text-muted-foreground hover:bg-muted"
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
        {t('chat.discard')}
      </button>
    </span>
  );
}
