import { skipToken } from '@tanstack/react-query';
import clsx from 'clsx';
import { Crown, Flag, SendHorizontal } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import { FieldError } from '../../components/pickers/field-parts';
import { ReportDialog } from '../../components/safety/report-dialog';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { usePageVisible } from '../../lib/use-page-visible';
import { messageStamp, useNow } from '../../lib/relative-time';
import { useMarkEventChatRead } from './api';
import type { EventChatMessage as Message, EventView } from './types';

/** The shared rule (src/schemas/chats.ts), loaded with the dialog: zod stays out of the page chunk. */
const loadSchema = async () => (await import('#shared/schemas/chats')).eventChatSendInput;

/** Adds messages by id (a live one may also come back in a read), keeping seq order. */
const merged = (all: Message[], more: Message[]) =>
  [...new Map([...all, ...more].map((message) => [message.id, message])).values()].sort(
    (a, b) => a.seq - b.seq,
  );

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
 * The event's chat (issue 21): the organiser and everyone with a seat read and write, live. The organiser's
 * messages are marked; any message of someone else can be reported.
 */
export function EventChatDialog({
  event,
  open,
  onOpenChange,
}: {
  event: EventView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-xl!">
        <DialogTitle>{t('events.chat.title')}</DialogTitle>
        <DialogDescription className="break-words">
          {t('events.chat.text', { title: event.title })}
        </DialogDescription>
        {open && <ChatBody event={event} />}
      </DialogContent>
    </Dialog>
  );
}

function ChatBody({ event }: { event: EventView }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const { user } = useSession();
  const id = useId();
  const first = trpc.events.chatMessages.useQuery({ eventId: event.id });
  // What came live or was sent here, on top of the page read when the dialog opened.
  const [live, setLive] = useState<Message[]>([]);
  const messages = useMemo(() => merged(first.data ?? [], live), [first.data, live]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    void loadSchema();
  }, []);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);
  const now = new Date(useNow());
  // Live from the newest message read; a reconnect resumes from the last one heard.
  const lastSeq = messages.at(-1)?.seq ?? 0;
  trpc.events.onChatMessage.useSubscription(
    first.data ? { eventId: event.id, lastEventId: String(first.data.at(-1)?.seq ?? 0) } : skipToken,
    {
      onData: ({ data }) => setLive((all) => [...all, data]),
      onError: (failure) => console.error(failure),
    },
  );
  useMarkRead(event.id, lastSeq);
  const send = trpc.events.chatSend.useMutation({
    onSuccess: (sent) => setLive((all) => [...all, sent]),
    onError: (failure, input) => {
      setText(input.content);
      toast.error(t('events.chat.sendError'), { description: errorText(failure) });
    },
  });

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!text.trim() || send.isPending) return;
    const result = (await loadSchema()).safeParse({ eventId: event.id, content: text });
    if (!result.success) {
      const issue = result.error.issues[0];
      setError(issue ? intl.formatMessage({ id: issue.message }, { max: LIMITS.chatMessage.max }) : null);
      return;
    }
    setError(null);
    setText('');
    send.mutate({ ...result.data, id: crypto.randomUUID() });
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <ol
        aria-label={t('events.chat.messages')}
        aria-live="polite"
        data-last-seq={lastSeq}
        className="flex max-h-[45dvh] min-h-40 flex-col gap-3 overflow-y-auto rounded-control border border-border bg-background p-3"
      >
        {first.isPending ? (
          <li className="self-center">
            <Spinner className="size-5 text-primary" />
          </li>
        ) : messages.length === 0 ? (
          <li className="self-center py-6 text-muted-foreground">{t('events.chat.empty')}</li>
        ) : (
          messages.map((message) => {
            const mine = message.senderId === user?.id;
            return (
              <li
                key={message.id}
                className={clsx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
              >
                <span
                  className={clsx(
                    'flex max-w-full flex-wrap items-center gap-x-1.5 text-caption text-muted-foreground',
                    mine && 'justify-end',
                  )}
                >
                  <span className="font-semibold break-words text-foreground">{message.sender.fullName}</span>
                  {message.fromOrganiser && (
                    <span className="inline-flex items-center gap-1 rounded-pill bg-primary-soft px-2 text-primary-strong">
                      <Crown aria-hidden="true" className="size-3" />
                      {t('events.attendees.creator')}
                    </span>
                  )}
                  <time dateTime={message.createdAt.toISOString()} className="whitespace-nowrap">
                    {messageStamp(intl, message.createdAt, now)}
                  </time>
                  {!mine && (
                    <button
                      type="button"
                      onClick={() => setReporting(message.id)}
                      aria-label={t('events.chat.report', { name: message.sender.fullName })}
                      className="inline-flex size-8 items-center justify-center rounded-control hover:bg-muted"
                    >
                      <Flag aria-hidden="true" className="size-3.5" />
                    </button>
                  )}
                </span>
                <p
                  className={clsx(
                    'max-w-[85%] rounded-card px-3 py-2 break-words whitespace-pre-line',
                    mine ? 'bg-primary text-primary-foreground' : 'bg-muted',
                  )}
                >
                  {message.content}
                </p>
              </li>
            );
          })
        )}
        <li ref={end} aria-hidden="true" />
      </ol>
      <form onSubmit={(submitted) => void submit(submitted)} className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={id} className="sr-only">
            {t('events.chat.label')}
          </label>
          <textarea
            id={id}
            rows={2}
            value={text}
            maxLength={LIMITS.chatMessage.max}
            onChange={(change) => setText(change.target.value)}
            onKeyDown={(key) => {
              if (key.key !== 'Enter' || key.shiftKey || key.nativeEvent.isComposing) return;
              key.preventDefault();
              void submit(key);
            }}
            placeholder={t('events.chat.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="min-h-11 w-full resize-none rounded-control border border-input bg-surface px-3 py-2"
          />
          {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
        </div>
        <Button type="submit" loading={send.isPending} aria-label={t('events.chat.send')}>
          <SendHorizontal aria-hidden="true" className="size-5" />
        </Button>
      </form>
      <ReportDialog
        target={reporting ? { type: 'event_message', id: reporting } : null}
        onClose={() => setReporting(null)}
      />
    </div>
  );
}
