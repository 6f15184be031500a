import clsx from 'clsx';
import { Heart, Lock, SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { LIKE_MESSAGE } from '#shared/domain/like-message';
import { LIMITS } from '#shared/limits';
import { CONTROL_CLASSES, FieldError } from '../pickers/field-parts';
import { useT } from '../../lib/intl';
import type { MessageType } from './messages';

/**
 * The shared rule of a message's text (src/schemas/chats.ts), loaded while the conversation is on screen:
 * zod stays out of the page chunk.
 */
const loadSchema = async () => (await import('#shared/schemas/chats')).messageContent;

/** The counter shows from this many characters left. */
const COUNTER_FROM = LIMITS.chatMessage.max - 200;

interface ComposerProps {
  /** Hands a checked message on (to the outbox: `useOutboxSend`). */
  onSend: (content: string, messageType: MessageType) => void;
  /** The text box's name for screen readers ("Sporočilo", "Sporočilo vsem udeležencem"). */
  label: string;
  /** A heart button that sends the like message (pair chats). */
  withLike?: boolean;
  /** Nothing can be written; this says why. */
  readOnlyNote?: string | undefined;
  /** The frame (a bar under the messages by default). */
  className?: string;
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line (and Enter never sends while an input
 * method is composing a character). A read-only conversation says why.
 */
export function Composer({
  onSend,
  label,
  withLike = false,
  readOnlyNote,
  className = 'border-t border-border bg-surface p-3',
}: ComposerProps) {
  const intl = useIntl();
  const t = useT();
  const id = useId();
  const readOnly = readOnlyNote !== undefined;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    void loadSchema();
  }, []);

  const submit = async () => {
    const content = text;
    if (readOnly || !content.trim()) return;
    // Cleared at once (the schema may still be loading); a refused text comes back with the reason.
    setText('');
    setError(null);
    input.current?.focus();
    const result = (await loadSchema()).safeParse(content);
    if (result.success) {
      onSend(result.data, 'text');
      return;
    }
    setText(content);
    const issue = result.error.issues[0];
    setError(issue ? intl.formatMessage({ id: issue.message }, { max: LIMITS.chatMessage.max }) : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} className={clsx('flex flex-col gap-2', className)}>
      {readOnly && (
        <p
          id={noteId}
          className="flex items-center gap-2 rounded-control bg-muted px-3 py-2 text-label text-muted-foreground"
        >
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          {readOnlyNote}
        </p>
      )}
      <div className="flex items-end gap-2">
        {withLike && (
          <button
            type="button"
            onClick={() => onSend(LIKE_MESSAGE.content, LIKE_MESSAGE.messageType)}
            disabled={readOnly}
            aria-label={t('chat.sendLike')}
            title={t('chat.sendLike')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-pill text-primary transition-colors hover:bg-primary-soft disabled:cursor-not-allowed disabled:opacity-50"
          >
            <Heart aria-hidden="true" className="size-5" />
          </button>
        )}
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          ref={input}
          id={id}
          rows={1}
          value={text}
          maxLength={LIMITS.chatMessage.max}
          disabled={readOnly}
          placeholder={t('chat.input.placeholder')}
          aria-describedby={readOnly ? noteId : error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          className={`${CONTROL_CLASSES} max-h-36 min-w-0 flex-1 resize-none py-2.5 [field-sizing:content]`}
        />
        <button
          type="submit"
          disabled={readOnly || !text.trim()}
          aria-label={t('chat.send')}
          title={t('chat.send')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-pill bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      {text.length > COUNTER_FROM && (
        <p className="text-right text-caption text-muted-foreground tabular-nums">
          {intl.formatMessage(
            { id: 'common.charCount' },
            { count: text.length, max: LIMITS.chatMessage.max },
          )}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </form>
  );
}
