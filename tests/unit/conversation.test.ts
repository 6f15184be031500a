import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  conversationKey,
  isRetryable,
  mergeById,
  type PendingMessage,
  retryDelay,
  withNewest,
  withPending,
} from '../../web/src/components/conversation/messages';
import { createOutbox, type Delivery, type SendInput } from '../../web/src/components/conversation/outbox';
import { uuidV4 } from '../../web/src/lib/uuid';

const stored = (seq: number, id = `m${seq}`) => ({ id, seq, content: `message ${seq}` });

const pending = (id: string, at: number, status: PendingMessage['status'] = 'sending'): PendingMessage => ({
  id,
  conversation: 'c1',
  content: id,
  messageType: 'text',
  createdAt: new Date(at),
  status,
  attempts: 0,
});

/** A TRPCClientError as the client makes it: a refusal carries the HTTP status, a network failure none. */
const refusal = (httpStatus: number) => Object.assign(new Error('refused'), { data: { httpStatus } });
const networkFailure = () => new TypeError('Failed to fetch');

describe('mergeById', () => {
  it('joins an older page, the newest page and live messages in seq order, each id once', () => {
    const older = [stored(1), stored(2)];
    const newest = [stored(3), stored(4)];
    const live = [stored(5), stored(4)];
    expect(mergeById(older, newest, live).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('orders by seq whatever order the lists come in', () => {
    expect(mergeById([stored(9)], [stored(2), stored(7)]).map((m) => m.seq)).toEqual([2, 7, 9]);
  });

  it("keeps the later list's copy of a message", () => {
    const merged = mergeById([{ ...stored(1), content: 'old' }], [{ ...stored(1), content: 'new' }]);
    expect(merged).toEqual([{ ...stored(1), content: 'new' }]);
  });
});

describe('withNewest (the cache writer of live and confirmed messages)', () => {
  const m = (seq: number) => ({ id: `m${seq}`, seq });
  it('adds to the newest page only, once, in order, and keeps the older pages and cursors as they are', () => {
    const data = {
      pages: [
        [m(5), m(6)],
        [m(3), m(4)],
      ],
      pageParams: [null, 5],
    };
    const next = withNewest(data, [m(8), m(7), m(6)]);
    expect(next.pages[0]!.map((message) => message.seq)).toEqual([5, 6, 7, 8]);
    expect(next.pages[1]).toBe(data.pages[1]);
    expect(next.pageParams).toEqual([null, 5]);
    expect(data.pages[0]).toHaveLength(2);
  });
  it('starts the newest page when there is none yet', () => {
    expect(withNewest({ pages: [], pageParams: [] }, [m(1)]).pages).toEqual([[m(1)]]);
  });
});

describe('withPending', () => {
  it('puts my unconfirmed messages after the stored ones, in the order written', () => {
    const shown = withPending([stored(1), stored(2)], [pending('b', 2000), pending('a', 1000)]);
    expect(shown.map((m) => m.id)).toEqual(['m1', 'm2', 'a', 'b']);
  });

  it('shows a message once when its live copy arrived before the send returned', () => {
    const shown = withPending([stored(1), stored(2, 'a')], [pending('a', 1000), pending('b', 2000)]);
    expect(shown.map((m) => m.id)).toEqual(['m1', 'a', 'b']);
    expect(shown[1]).not.toHaveProperty('status');
  });
});

describe('retryDelay', () => {
  it('waits 1 s, then doubles, and never more than 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });
});

describe('isRetryable', () => {
  it('retries network failures and server errors', () => {
    expect(isRetryable(networkFailure())).toBe(true);
    expect(isRetryable(Object.assign(new Error('no data'), { data: undefined }))).toBe(true);
    expect(isRetryable(refusal(500))).toBe(true);
    expect(isRetryable(refusal(503))).toBe(true);
  });

  it('gives up on refusals (invalid, read-only, not found), except timeouts and rate limits', () => {
    for (const status of [400, 401, 403, 404, 409])
      expect(isRetryable(refusal(status)), `${status}`).toBe(false);
    expect(isRetryable(refusal(408))).toBe(true);
    expect(isRetryable(refusal(429))).toBe(true);
  });
});

describe('createOutbox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let ids = 0;
  const outboxOf = () => createOutbox(() => `id-${++ids}`);

  /** A delivery whose `send` answers with the given outcomes in turn (an error is thrown). */
  function delivery(outcomes: unknown[]) {
    const calls: SendInput[] = [];
    const sent: unknown[] = [];
    const failed: unknown[] = [];
    const handlers: Delivery<{ id: string; seq: number }> = {
      send: async (input) => {
        calls.push(input);
        const outcome = outcomes.shift();
        if (outcome instanceof Error) throw outcome;
        return { id: input.id, seq: calls.length };
      },
      onSent: (message) => sent.push(message),
      onFailed: (error) => failed.push(error),
    };
    return { handlers, calls, sent, failed };
  }

  it('sends at once and forgets the message once stored', async () => {
    const outbox = outboxOf();
    const { handlers, calls, sent } = delivery(['ok']);
    const id = outbox.enqueue({ conversation: 'c1', content: 'Živjo', messageType: 'text' }, handlers);
    expect(outbox.snapshot()).toMatchObject([{ id, status: 'sending', content: 'Živjo' }]);
    await vi.runAllTimersAsync();
    expect(calls).toEqual([{ id, content: 'Živjo', type: 'text' }]);
    expect(sent).toEqual([{ id, seq: 1 }]);
    expect(outbox.snapshot()).toEqual([]);
  });

  it('retries a network failure with backoff, always with the same id', async () => {
    const outbox = outboxOf();
    const { handlers, calls, sent } = delivery([networkFailure(), refusal(502), 'ok']);
    const id = outbox.enqueue({ conversation: 'c1', content: 'a', messageType: 'text' }, handlers);
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.snapshot()).toMatchObject([{ id, status: 'waiting', attempts: 1 }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(outbox.snapshot()).toMatchObject([{ status: 'waiting', attempts: 2 }]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.map((call) => call.id)).toEqual([id, id, id]);
    expect(sent).toEqual([{ id, seq: 3 }]);
    expect(outbox.snapshot()).toEqual([]);
  });

  it('tries again at once when told (the browser is back online)', async () => {
    const outbox = outboxOf();
    const { handlers, calls } = delivery([networkFailure(), networkFailure(), networkFailure(), 'ok']);
    outbox.enqueue({ conversation: 'c1', content: 'a', messageType: 'text' }, handlers);
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(calls).toHaveLength(3);
    outbox.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(4);
    expect(outbox.snapshot()).toEqual([]);
  });

  it('marks a refused message failed, reports it once, and can retry or discard it', async () => {
    const outbox = outboxOf();
    const { handlers, calls, failed, sent } = delivery([refusal(404), 'ok']);
    const id = outbox.enqueue({ conversation: 'c1', content: 'a', messageType: 'text' }, handlers);
    await vi.runAllTimersAsync();
    expect(outbox.snapshot()).toMatchObject([{ id, status: 'failed' }]);
    expect(failed).toHaveLength(1);
    expect(calls).toHaveLength(1);

    outbox.retry(id);
    await vi.runAllTimersAsync();
    expect(calls.map((call) => call.id)).toEqual([id, id]);
    expect(sent).toHaveLength(1);

    const other = outboxOf();
    const refused = delivery([refusal(403)]);
    const otherId = other.enqueue(
      { conversation: 'c1', content: 'b', messageType: 'text' },
      refused.handlers,
    );
    await vi.runAllTimersAsync();
    other.discard(otherId);
    expect(other.snapshot()).toEqual([]);
  });

  it('sends a chat one message at a time, in order; the later ones wait behind a retry', async () => {
    const outbox = outboxOf();
    const { handlers, calls } = delivery([networkFailure(), 'ok', 'ok']);
    const first = outbox.enqueue({ conversation: 'c1', content: 'first', messageType: 'text' }, handlers);
    await vi.advanceTimersByTimeAsync(0);
    const second = outbox.enqueue({ conversation: 'c1', content: 'second', messageType: 'text' }, handlers);
    expect(outbox.snapshot()).toMatchObject([
      { id: first, status: 'waiting' },
      { id: second, status: 'waiting' },
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((call) => call.content)).toEqual(['first', 'first', 'second']);
    expect(outbox.snapshot()).toEqual([]);
  });

  it('does not let a refused message hold up the ones after it', async () => {
    const outbox = outboxOf();
    const { handlers, calls } = delivery([refusal(400), 'ok']);
    outbox.enqueue({ conversation: 'c1', content: 'bad', messageType: 'text' }, handlers);
    outbox.enqueue({ conversation: 'c1', content: 'good', messageType: 'text' }, handlers);
    await vi.runAllTimersAsync();
    expect(calls.map((call) => call.content)).toEqual(['bad', 'good']);
    expect(outbox.snapshot()).toMatchObject([{ content: 'bad', status: 'failed' }]);
  });

  it('keeps conversations apart: a pair chat waiting for a retry does not hold up an event chat', async () => {
    const outbox = outboxOf();
    const pair = delivery([networkFailure(), 'ok']);
    const event = delivery(['ok']);
    const chat = conversationKey('chat', 'x1');
    const group = conversationKey('event', 'x1');
    expect(chat).not.toBe(group);
    outbox.enqueue({ conversation: chat, content: 'to the pair', messageType: 'text' }, pair.handlers);
    await vi.advanceTimersByTimeAsync(0);
    outbox.enqueue({ conversation: group, content: 'to the event', messageType: 'text' }, event.handlers);
    await vi.advanceTimersByTimeAsync(0);
    expect(event.sent).toHaveLength(1);
    expect(outbox.snapshot()).toMatchObject([{ conversation: chat, status: 'waiting' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(pair.sent).toHaveLength(1);
    expect(outbox.snapshot()).toEqual([]);
  });

  it('tells subscribers about every change', async () => {
    const outbox = outboxOf();
    const listener = vi.fn();
    const unsubscribe = outbox.subscribe(listener);
    outbox.enqueue({ conversation: 'c1', content: 'a', messageType: 'text' }, delivery(['ok']).handlers);
    await vi.runAllTimersAsync();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    outbox.enqueue({ conversation: 'c1', content: 'b', messageType: 'text' }, delivery(['ok']).handlers);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('uuidV4 (the client-made message id)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('makes version-4 UUIDs, a new one each time', () => {
    const ids = Array.from({ length: 50 }, uuidV4);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(50);
  });

  it('works where crypto.randomUUID is missing (a plain-http address)', () => {
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(bytes: T) => bytes });
    expect(uuidV4()).toBe('00000000-0000-4000-8000-000000000000');
  });
});
