import type { ChatSummary } from './types';

/** What the chat nav item's badge counts (pure, unit tested). */

/** Unread messages across all my chats. */
export const unreadTotal = (chats: readonly Pick<ChatSummary, 'unread'>[] | undefined) =>
  chats?.reduce((sum, chat) => sum + chat.unread, 0) ?? 0;

/**
 * New chats: a match's chat nobody has written in yet is news to both sides until either writes. One whose
 * other party deleted their account is not (it only shows what is left, read-only).
 */
export const newChatCount = (
  chats: readonly Pick<ChatSummary, 'lastMessage' | 'counterpart'>[] | undefined,
) => chats?.filter((chat) => !chat.lastMessage && chat.counterpart).length ?? 0;
