import { describe, expect, it } from 'vitest';
import { isFull, isUpcoming } from '../../src/domain/events';
import {
  canDecide,
  inRequestFilter,
  isPending,
  leadsToChat,
  NOTIFICATION_STATUSES,
  opensAsRead,
  requestBadge,
} from '../../src/domain/requests';

const item = (
  direction: 'received' | 'sent',
  type: 'request' | 'acceptance_feedback' | 'rejection_feedback' | 'event_cancelled' | 'match',
  status: (typeof NOTIFICATION_STATUSES)[number],
) => ({ direction, type, status });

describe('the request state machine', () => {
  it('is pending while unread or read, and decided once accepted or rejected', () => {
    expect(NOTIFICATION_STATUSES.filter(isPending)).toEqual(['unread', 'read']);
  });

  it('lets only the recipient of a pending request decide it', () => {
    expect(canDecide(item('received', 'request', 'unread'))).toBe(true);
    expect(canDecide(item('received', 'request', 'read'))).toBe(true);
    expect(canDecide(item('received', 'request', 'accepted'))).toBe(false);
    expect(canDecide(item('sent', 'request', 'unread'))).toBe(false);
    expect(canDecide(item('received', 'match', 'unread'))).toBe(false);
  });

  it('marks as read only what I received unread', () => {
    expect(opensAsRead(item('received', 'acceptance_feedback', 'unread'))).toBe(true);
    expect(opensAsRead(item('received', 'request', 'read'))).toBe(false);
    expect(opensAsRead(item('sent', 'request', 'unread'))).toBe(false);
  });

  it('leads to the chat from accepted requests, acceptance notices and matches', () => {
    expect(leadsToChat(item('received', 'request', 'accepted'))).toBe(true);
    expect(leadsToChat(item('received', 'acceptance_feedback', 'unread'))).toBe(true);
    expect(leadsToChat(item('received', 'match', 'read'))).toBe(true);
    expect(leadsToChat(item('received', 'request', 'read'))).toBe(false);
    expect(leadsToChat(item('received', 'event_cancelled', 'unread'))).toBe(false);
  });

  it('badges: new and read for what I received, pending for what I sent, then the decision; a match is a match', () => {
    expect(requestBadge(item('received', 'request', 'unread'))).toBe('new');
    expect(requestBadge(item('received', 'request', 'read'))).toBe('read');
    expect(requestBadge(item('sent', 'request', 'unread'))).toBe('pending');
    expect(requestBadge(item('sent', 'request', 'rejected'))).toBe('rejected');
    expect(requestBadge(item('received', 'request', 'accepted'))).toBe('accepted');
    expect(requestBadge(item('received', 'match', 'unread'))).toBe('match');
  });

  it('filters Sprejete and Zavrnjene to received requests the user decided', () => {
    const items = [
      item('received', 'request', 'accepted'),
      item('sent', 'request', 'accepted'),
      item('received', 'request', 'rejected'),
      item('received', 'match', 'unread'),
    ];
    expect(items.filter(inRequestFilter('all'))).toHaveLength(4);
    expect(items.filter(inRequestFilter('accepted'))).toEqual([items[0]]);
    expect(items.filter(inRequestFilter('rejected'))).toEqual([items[2]]);
  });
});

describe('event state', () => {
  it('is full when every place is taken', () => {
    expect(isFull({ currentAttendees: 4, maxAttendees: 5 })).toBe(false);
    expect(isFull({ currentAttendees: 5, maxAttendees: 5 })).toBe(true);
  });

  it('is upcoming until it starts', () => {
    const startsAt = new Date('2026-12-01T10:00:00Z');
    expect(isUpcoming({ startsAt }, startsAt.getTime() - 1)).toBe(true);
    expect(isUpcoming({ startsAt }, startsAt.getTime())).toBe(false);
  });
});
