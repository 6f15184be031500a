/*
 * The pure rules of a conversation's message stream and its outbox (a pair chat, an event's chat): how loaded
 * pages, live messages and messages still on their way combine, and when a failed send is tried again. No
 * React, no DOM (unit tested).
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { MESSAGE_TYPES } from '#shared/schemas/chats';

/** What the merge needs of a stored message. */
export interface StoredMessage {
  id: string;
  seq: number;
}

export type MessageType = (typeof MESSAGE_TYPES)[number];

export type PendingStatus = 'sending' | 'waiting' | 'failed';

/** A message I sent that the server has not confirmed yet. Its id is the one every send attempt uses. */
export interface PendingMessage {
  id: string;
  /** The conversation's key in the outbox (`conversationKey`). */
  conversation: string;
  content: string;
  messageType: MessageType;
  createdAt: Date;
  /** sending: on its way (or next in line); waiting: a retry is scheduled; failed: refused, needs me. */
  status: PendingStatus;
  /** Failed attempts in a row, which set the next delay. */
  attempts: number;
}

/** The outbox's key of a conversation: its kind and id (a pair chat's and an event's ids never meet). */
export const conversationKey = (kind: string, id: string) => `${kind}:${id}`;

/** All the lists as one, each id once (the later list's copy wins), in the server's order (seq). */
export function mergeById<M extends StoredMessage>(...lists: readonly (readonly M[])[]): M[] {
  const byId = new Map<string, M>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** `messages` added to the newest page (pages go back in time: the first is the newest). */
export function withNewest<M extends StoredMessage, Cursor>(
  data: InfiniteData<M[], Cursor>,
  messages: readonly M[],
): InfiniteData<M[], Cursor> {
  return { ...data, pages: [mergeById(data.pages[0] ?? [], messages), ...data.pages.slice(1)] };
}

/**
 * The stream as shown: stored messages, then my pending ones in the order I wrote them. A pending message
 * the server already has (its live copy came first) is shown once, as stored.
 */
export function withPending<M extends StoredMessage>(
  stored: readonly M[],
  pending: readonly PendingMessage[],
): (M | PendingMessage)[] {
  const ids = new Set(stored.map((message) => message.id));
  const waiting = pending
    .filter((message) => !ids.has(message.id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [...stored, ...waiting];
}

export const isPending = (message: StoredMessage | PendingMessage): message is PendingMessage =>
  'status' in message;

/** Retry delays: 1 s after the first failure, doubling, at most 10 s. */
export const RETRY_DELAY = { firstMs: 1000, maxMs: 10_000 } as const;

export function retryDelay(failures: number): number {
  return Math.min(RETRY_DELAY.firstMs * 2 ** Math.max(0, failures - 1), RETRY_DELAY.maxMs);
}

/**
 * Whether sending again may work: yes after a network failure or a server error; no when the server
 * refused the message itself (4xx: invalid, chat read-only or gone), except for a timeout or rate limit.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  if (typeof status !== 'number' || status < 400 || status >= 500) return true;
  return status === 408 || status === 429;
}
