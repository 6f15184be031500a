import { describe, expect, it } from 'vitest';
import { newChatCount, unreadTotal } from '../../web/src/features/chat/counts';

// The chat nav item's badge: unread messages, and new chats nobody has written in yet (issue 30).

const someone = { userId: 'u2', fullName: 'Bor Novak', photo: null };
const message = {
  id: 'm1',
  seq: 1,
  chatId: 'c',
  senderId: 'u2',
  content: 'Živjo',
  messageType: 'text' as const,
};

describe('the chat badge', () => {
  it('adds up the unread messages of every chat', () => {
    expect(unreadTotal(undefined)).toBe(0);
    expect(unreadTotal([{ unread: 2 }, { unread: 0 }, { unread: 3 }])).toBe(5);
  });

  it('counts a chat without a message as new until someone writes, unless the other party is gone', () => {
    expect(newChatCount(undefined)).toBe(0);
    const fresh = { lastMessage: null, counterpart: someone };
    const written = { lastMessage: { ...message, createdAt: new Date() }, counterpart: someone };
    const orphaned = { lastMessage: null, counterpart: null };
    expect(newChatCount([fresh, written, orphaned, fresh])).toBe(2);
    expect(newChatCount([written])).toBe(0);
  });
});
