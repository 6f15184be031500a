import { isRetryable, type PendingMessage, retryDelay } from './messages';

export interface SendInput {
  chatId: string;
  id: string;
  content: string;
  type: PendingMessage['messageType'];
}

/** How a message is sent and what follows, given by the screen it was written on. */
export interface Delivery<M> {
  send: (input: SendInput) => Promise<M>;
  onSent: (stored: M) => void;
  /** A refusal that a retry will not change (the message stays, marked failed). */
  onFailed: (error: unknown) => void;
}

export type NewMessage = Pick<PendingMessage, 'chatId' | 'content' | 'messageType'>;

/**
 * Messages on their way to the server, kept outside any component so that switching chats or screens
 * neither loses nor repeats them. Each chat sends one message at a time, in the order written; a network
 * or server failure is retried with backoff (or at once via `retryNow`, e.g. when the browser is back
 * online), always with the message's own id, so the server stores it once however often it is sent.
 */
export function createOutbox<M>(newId: () => string) {
  let messages: readonly PendingMessage[] = [];
  const deliveries = new Map<string, Delivery<M>>();
  /** By chat: the scheduled retry, and whether a send is in flight. */
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const busy = new Set<string>();
  const listeners = new Set<() => void>();

  const set = (next: readonly PendingMessage[]) => {
    messages = next;
    for (const listener of listeners) listener();
  };
  const patch = (id: string, change: Partial<PendingMessage>) =>
    set(messages.map((message) => (message.id === id ? { ...message, ...change } : message)));

  async function flush(chatId: string) {
    const next = messages.find((message) => message.chatId === chatId && message.status !== 'failed');
    const delivery = next && deliveries.get(next.id);
    if (!next || !delivery || busy.has(chatId)) return;
    clearTimeout(timers.get(chatId));
    timers.delete(chatId);
    busy.add(chatId);
    patch(next.id, { status: 'sending' });
    let retry = false;
    try {
      const stored = await delivery.send({
        chatId,
        id: next.id,
        content: next.content,
        type: next.messageType,
      });
      delivery.onSent(stored);
      deliveries.delete(next.id);
      set(messages.filter((message) => message.id !== next.id));
    } catch (error) {
      retry = isRetryable(error);
      if (retry) {
        // The ones written after it wait with it, so the order holds.
        const attempts = next.attempts + 1;
        set(
          messages.map((message) =>
            message.id === next.id
              ? { ...message, status: 'waiting', attempts }
              : message.chatId === chatId && message.status === 'sending'
                ? { ...message, status: 'waiting' }
                : message,
          ),
        );
        timers.set(
          chatId,
          setTimeout(() => void flush(chatId), retryDelay(attempts)),
        );
      } else {
        patch(next.id, { status: 'failed' });
        delivery.onFailed(error);
      }
    } finally {
      busy.delete(chatId);
    }
    if (!retry) void flush(chatId);
  }

  return {
    /** Adds a message (shown at once) and sends it when its turn comes; returns its id. */
    enqueue(message: NewMessage, delivery: Delivery<M>): string {
      const id = newId();
      deliveries.set(id, delivery);
      // Behind a scheduled retry it waits its turn; otherwise it goes now (or after the one in flight).
      const waiting = timers.has(message.chatId);
      set([
        ...messages,
        { ...message, id, createdAt: new Date(), status: waiting ? 'waiting' : 'sending', attempts: 0 },
      ]);
      if (!waiting) void flush(message.chatId);
      return id;
    },
    /** Sends a failed message again (same id). */
    retry(id: string) {
      const message = messages.find((entry) => entry.id === id && entry.status === 'failed');
      if (!message) return;
      const waiting = timers.has(message.chatId);
      patch(id, { status: waiting ? 'waiting' : 'sending', attempts: 0 });
      if (!waiting) void flush(message.chatId);
    },
    /** Drops a failed message. */
    discard(id: string) {
      if (!messages.some((entry) => entry.id === id && entry.status === 'failed')) return;
      deliveries.delete(id);
      set(messages.filter((entry) => entry.id !== id));
    },
    /** Every waiting chat tries now instead of at its scheduled time. */
    retryNow() {
      for (const chatId of [...timers.keys()]) void flush(chatId);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** All pending messages (a new array after every change). */
    snapshot: () => messages,
  };
}

export type Outbox<M> = ReturnType<typeof createOutbox<M>>;
