import type { ChatSummary } from './types';

/** What the chat list's mutations write into the cached list (pure, unit tested). */

/** The chat with no unread messages for me. */
export const readChat = (list: readonly ChatSummary[], chatId: string): ChatSummary[] =>
  list.map((entry) => (entry.id === chatId ? { ...entry, unread: 0 } : entry));
