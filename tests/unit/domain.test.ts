import { describe, expect, it } from 'vitest';
import { isFull, isUpcoming } from '#shared/domain/events';
import {
  canDecide,
  inRequestFilter,
  isMatchNews,
  isPending,
  isUnread,
  leadsToChat,
  matchNewsOnOpen,
  noticeTab,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  opensAsRead,
  requestBadge,
} from '#shared/domain/requests';

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

  it('filters Sprejete and Zavrnjene by what the badge says, for requests received and sent alike', () => {
    const items = [
      item('received', 'request', 'accepted'),
      item('sent', 'request', 'accepted'),
      item('received', 'request', 'rejected'),
      item('sent', 'request', 'rejected'),
      item('received', 'match', 'unread'),
      item('received', 'acceptance_feedback', 'read'),
      item('sent', 'request', 'unread'),
    ];
    expect(items.filter(inRequestFilter('all'))).toHaveLength(7);
    expect(items.filter(inRequestFilter('accepted'))).toEqual([items[0], items[1]]);
    expect(items.filter(inRequestFilter('rejected'))).toEqual([items[2], items[3]]);
  });

  it('never contradicts a badge: an item is under Sprejete or Zavrnjene exactly when its badge says so', () => {
    for (const direction of ['received', 'sent'] as const)
      for (const type of NOTIFICATION_TYPES.filter((t) => noticeTab(t) === 'requests'))
        for (const status of NOTIFICATION_STATUSES) {
          const one = { direction, type, status };
          for (const filter of ['accepted', 'rejected'] as const)
            expect(inRequestFilter(filter)(one), `${direction} ${type} ${status}`).toBe(
              requestBadge(one) === filter,
            );
        }
  });

  it('puts event notices, moderation decisions, sightings of a lost dog and suggestions’ outcomes under Posodobitve, out of every Zahteve filter', () => {
    const updates = NOTIFICATION_TYPES.filter((type) => noticeTab(type) === 'updates');
    expect(updates).toEqual([
      'event_cancelled',
      'event_changed',
      'moderation',
      'report_decision',
      'event_reminder_day',
      'event_reminder_hour',
      'event_seat',
      'event_approved',
      'event_declined',
      'event_removed',
      'event_join_request',
      'lost_sighting',
      'suggestion_applied',
      'suggestion_rejected',
    ]);
    for (const type of updates)
      expect(inRequestFilter('all')({ direction: 'received', type, status: 'unread' })).toBe(false);
    expect(NOTIFICATION_TYPES.filter((type) => noticeTab(type) === 'requests')).toEqual([
      'request',
      'acceptance_feedback',
      'rejection_feedback',
      'match',
    ]);
  });

  it('counts as unread only what I received and have not seen', () => {
    expect(isUnread(item('received', 'event_cancelled', 'unread'))).toBe(true);
    expect(isUnread(item('received', 'request', 'read'))).toBe(false);
    expect(isUnread(item('sent', 'request', 'unread'))).toBe(false);
  });

  it('is match news while a match or an acceptance of my request is unread, and only then', () => {
    expect(isMatchNews(item('received', 'match', 'unread'))).toBe(true);
    expect(isMatchNews(item('received', 'acceptance_feedback', 'unread'))).toBe(true);
    expect(isMatchNews(item('received', 'match', 'read'))).toBe(false);
    expect(isMatchNews(item('received', 'acceptance_feedback', 'read'))).toBe(false);
    expect(isMatchNews(item('received', 'request', 'unread'))).toBe(false);
    expect(isMatchNews(item('sent', 'request', 'accepted'))).toBe(false);
  });

  it('shows the newest match news as the app opens, and none once a newer match was seen', () => {
    const older = item('received', 'match', 'unread');
    const newer = item('received', 'acceptance_feedback', 'unread');
    const others = [item('received', 'request', 'unread'), item('sent', 'request', 'accepted')];
    // Newest first, as the panel's list.
    expect(matchNewsOnOpen([...others, newer, older])).toBe(newer);
    expect(matchNewsOnOpen([item('received', 'match', 'read'), older])).toBeUndefined();
    expect(matchNewsOnOpen(others)).toBeUndefined();
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
