import { isRetryable, type PendingMessage, retryDelay } from './messages';

/** One attempt at sending a message; the conversation's adapter adds where it goes (a chat, an event). */
export interface SendInput {
  id: string;
  content: string;
  type: PendingMessage['messageType'];
}

/** How a message is sent and what follows, given by the conversation it was written in. */
export interface Delivery<M> {
  send: (input: SendInput) => Promise<M>;
  onSent: (stored: M) => void;
  /** A refusal that a retry will not change (the message stays, marked failed). */
  onFailed: (error: unknown) => void;
}

export type NewMessage = Pick<PendingMessage, 'conversation' | 'content' | 'messageType'>;

/** A delivery with its stored message's type sealed in, so one outbox carries every kind of conversation. */
interface Attempt {
  run: (input: SendInput) => Promise<void>;
  onFailed: (error: unknown) => void;
}

/**
 * Messages on their way to the server, kept outside any component so that switching conversations or
 * screens neither loses nor repeats them. Each conversation sends one message at a time, in the order
 * written; a network or server failure is retried with backoff (or at once via `retryNow`, e.g. when the
 * browser is back online), always with the message's own id, so the server stores it once however often it
 * is sent.
 */
export function createOutbox(newId: () => string) {
  let messages: readonly PendingMessage[] = [];
  const attempts = new Map<string, Attempt>();
  /** By conversation: the scheduled retry, and whether a send is in flight. */
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const busy = new Set<string>();
  const listeners = new Set<() => void>();

  const set = (next: readonly PendingMessage[]) => {
    messages = next;
    for (const listener of listeners) listener();
  };
  const patch = (id: string, change: Partial<PendingMessage>) =>
    set(messages.map((message) => (message.id === id ? { ...message, ...change } : message)));

  async function flush(conversation: string) {
    const next = messages.find(
      (message) => message.conversation === conversation && message.status !== 'failed',
    );
    const attempt = next && attempts.get(next.id);
    if (!next || !attempt || busy.has(conversation)) return;
    clearTimeout(timers.get(conversation));
    timers.delete(conversation);
    busy.add(conversation);
    patch(next.id, { status: 'sending' });
    let retry = false;
    try {
      await attempt.run({ id: next.id, content: next.content, type: next.messageType });
      attempts.delete(next.id);
      set(messages.filter((message) => message.id !== next.id));
    } catch (error) {
      retry = isRetryable(error);
      if (retry) {
        // The ones written after it wait with it, so the order holds.
        const failures = next.attempts + 1;
        set(
          messages.map((message) =>
            message.id === next.id
              ? { ...message, status: 'waiting', attempts: failures }
              : message.conversation === conversation && message.status === 'sending'
                ? { ...message, status: 'waiting' }
                : message,
          ),
        );
        timers.set(
          conversation,
          setTimeout(() => void flush(conversation), retryDelay(failures)),
        );
      } else {
        patch(next.id, { status: 'failed' });
        attempt.onFailed(error);
      }
    } finally {
      busy.delete(conversation);
    }
    if (!retry) void flush(conversation);
  }

  return {
    /** Adds a message (shown at once) and sends it when its turn comes; returns its id. */
    enqueue<M>(message: NewMessage, delivery: Delivery<M>): string {
      const id = newId();
      attempts.set(id, {
        run: async (input) => delivery.onSent(await delivery.send(input)),
        onFailed: delivery.onFailed,
      });
      // Behind a scheduled retry it waits its turn; otherwise it goes now (or after the one in flight).
      const waiting = timers.has(message.conversation);
      set([
        ...messages,
        { ...message, id, createdAt: new Date(), status: waiting ? 'waiting' : 'sending', attempts: 0 },
      ]);
      if (!waiting) void flush(message.conversation);
      return id;
    },
    /** Sends a failed message again (same id). */
    retry(id: string) {
      const message = messages.find((entry) => entry.id === id && entry.status === 'failed');
      if (!message) return;
      const waiting = timers.has(message.conversation);
      patch(id, { status: waiting ? 'waiting' : 'sending', attempts: 0 });
      if (!waiting) void flush(message.conversation);
    },
    /** Drops a failed message. */
    discard(id: string) {
      if (!messages.some((entry) => entry.id === id && entry.status === 'failed')) return;
      attempts.delete(id);
      set(messages.filter((entry) => entry.id !== id));
    },
    /** Every waiting conversation tries now instead of at its scheduled time. */
    retryNow() {
      for (const conversation of [...timers.keys()]) void flush(conversation);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** All pending messages (a new array after every change). */
    snapshot: () => messages,
  };
}
