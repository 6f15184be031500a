import clsx from 'clsx';
import { Clock, Flag, Heart, RotateCcw, Trash2, WifiOff } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ReportTarget } from '#shared/domain/safety';
import { isLikeMessage } from '#shared/domain/like-message';
import { ReportDialog } from '../safety/lazy-safety-dialogs';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useT } from '../../lib/intl';
import { messageStamp, useNow } from '../../lib/relative-time';
import { isPending, type MessageType, type PendingMessage, type StoredMessage } from './messages';
import type { PagedMessages } from './use-paged-messages';
import { discardMessage, retryMessage } from './use-outbox';

/** What the list shows of a stored message; a pair chat's has a type (the heart), an event chat's is text. */
export interface ListedMessage extends StoredMessage {
  senderId: string;
  content: string;
  createdAt: Date;
  messageType?: MessageType;
}

interface MessageListProps<M extends ListedMessage> {
  /** Stored, then pending (`withPending`). */
  messages: readonly (M | PendingMessage)[];
  /** The stored messages' query: loading, failed, older pages. */
  stored: PagedMessages<M>;
  myId: string;
  /** Shown while there are no messages. */
  empty: ReactNode;
  /** Who wrote someone else's message, said before it to screen readers (a pair chat: the other person). */
  senderName?: (message: M) => string;
  /** Instead, above each message, who wrote it for all to see (an event chat's name, photo, organiser). */
  byline?: (message: M | PendingMessage, mine: boolean) => ReactNode;
  /** Others' messages can be reported as this kind of item, the button named by `label`. */
  report: { type: ReportTarget; label: (message: M) => string };
  /** The box: its size and frame. */
  className?: string;
}

/** Closer to the bottom than this counts as "reading the newest": new messages then scroll into view. */
const NEAR_BOTTOM_PX = 80;

/**
 * A conversation's message stream: mine on the right, others' on the left, when each was sent under it
 * ("Danes 19:09"). Opens at the newest message and follows new ones while the reader is near the bottom
 * (or when I send); scrolling to the top loads older messages without moving what is on screen. While the
 * first page loads, a spinner; when it fails, a retry.
 */
export function MessageList<M extends ListedMessage>({
  messages,
  stored,
  myId,
  empty,
  senderName,
  byline,
  report,
  className,
}: MessageListProps<M>) {
  const intl = useIntl();
  const t = useT();
  const [reporting, setReporting] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const { hasOlder, loadingOlder, loadOlder } = stored;

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

  // Renewed every half minute: a conversation left open past midnight moves "Danes" to "Včeraj".
  const now = new Date(useNow());

  if (stored.isPending)
    return (
      <div role="status" className={clsx('flex items-center justify-center text-primary', className)}>
        <Spinner className="size-8" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  if (stored.isError)
    return (
      <div className={clsx('flex flex-col items-center justify-center gap-3 p-6 text-center', className)}>
        <p className="font-semibold">{t('chat.messagesError')}</p>
        <Button variant="outline" onClick={stored.retry}>
          {t('chat.retry')}
        </Button>
      </div>
    );

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < 40 && hasOlder && !loadingOlder) loadOlder();
  };

  return (
    <div
      ref={box}
      onScroll={onScroll}
      role="log"
      aria-label={t('chat.messagesLabel')}
      tabIndex={0}
      className={clsx('overflow-y-auto overscroll-contain px-3 py-4 md:px-4', className)}
    >
      {/* A short conversation sits at the bottom, next to the input, as in any messenger. */}
      <div className="flex min-h-full flex-col justify-end">
        {hasOlder && (
          <div className="mb-3 flex justify-center">
            <Button variant="ghost" onClick={loadOlder} disabled={loadingOlder} className="text-label">
              {loadingOlder ? <Spinner className="size-4" /> : null}
              {t('chat.loadOlder')}
            </Button>
          </div>
        )}
        {messages.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-1 px-6 text-center">
            {empty}
          </div>
        ) : (
          <ol className="flex flex-col gap-2">
            {messages.map((message) => {
              const stored = isPending(message) ? null : message;
              const mine = !stored || stored.senderId === myId;
              return (
                <Message
                  key={message.id}
                  message={message}
                  mine={mine}
                  sender={stored && !mine ? (senderName?.(stored) ?? '') : t('chat.you')}
                  byline={byline?.(message, mine)}
                  stamp={messageStamp(intl, message.createdAt, now)}
                  reportLabel={stored && !mine ? report.label(stored) : undefined}
                  onReport={() => setReporting(message.id)}
                />
              );
            })}
          </ol>
        )}
      </div>
      <ReportDialog
        target={reporting ? { type: report.type, id: reporting } : null}
        onClose={() => setReporting(null)}
      />
    </div>
  );
}

function Message({
  message,
  mine,
  sender,
  byline,
  stamp,
  reportLabel,
  onReport,
}: {
  message: ListedMessage | PendingMessage;
  mine: boolean;
  sender: string;
  byline: ReactNode;
  /** When it was sent, "Danes 19:09". */
  stamp: string;
  /** The report button's name; none on my messages. */
  reportLabel: string | undefined;
  onReport: () => void;
}) {
  const t = useT();
  const pending = isPending(message) ? message : null;
  const time = (
    <time dateTime={message.createdAt.toISOString()} className="whitespace-nowrap">
      {stamp}
    </time>
  );
  // A byline names the sender on screen and for screen readers; without one, only screen readers hear it.
  const said = byline ? null : <span className="sr-only">{sender}: </span>;
  const by = byline && (
    <span
      className={clsx(
        'flex max-w-full items-center gap-1.5 px-1 text-caption text-muted-foreground',
        mine && 'justify-end',
      )}
    >
      {byline}
    </span>
  );

  if (message.messageType && isLikeMessage({ messageType: message.messageType }))
    return (
      <li className="my-1 flex flex-col items-center gap-1">
        {by}
        <p
          data-testid="like-message"
          className="inline-flex items-center gap-2 rounded-pill border border-primary/30 bg-primary-soft px-4 py-1.5 font-semibold text-primary-strong shadow-sm"
        >
          <Heart aria-hidden="true" className="size-4 text-primary" fill="currentColor" />
          {said}
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
      {by}
      <p
        className={clsx(
          'max-w-full rounded-card px-3.5 py-2 whitespace-pre-wrap break-words [overflow-wrap:anywhere]',
          pending?.status === 'failed'
            ? 'rounded-br-sm border border-danger/40 bg-danger-soft text-danger-strong'
            : mine
              ? 'rounded-br-sm bg-primary text-primary-foreground'
              : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        {said}
        {message.content}
      </p>
      {/* On a narrow screen the status goes under the time rather than squeezing it. */}
      <span className="flex flex-wrap items-center gap-x-1 px-1 text-caption text-muted-foreground">
        {time}
        {pending && <Status message={pending} />}
        {reportLabel && (
          <button
            type="button"
            onClick={onReport}
            aria-label={reportLabel}
            title={reportLabel}
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
