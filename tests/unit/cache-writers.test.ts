import { describe, expect, it } from 'vitest';
import { readChat } from '../../web/src/features/chat/cache';
import { readInPages, removedFromPages, replacedInPages } from '../../web/src/features/events/cache';
import type { EventView } from '../../web/src/features/events/types';
import { withStatus } from '../../web/src/features/requests/cache';
import type { RequestItem } from '../../web/src/features/requests/types';
import type { ChatSummary } from '../../web/src/features/chat/types';
import { putFirstOrReplace, upsertById, withoutId } from '../../web/src/lib/lists';

// What the mutation hooks and live streams write into the query cache, without React or a server.

const request = (id: string, status: RequestItem['status']) =>
  ({ id, status, chatId: null, updatedAt: new Date(0) }) as RequestItem;

describe('list writers', () => {
  const a = { id: 'a', createdAt: new Date(1), v: 1 };
  const b = { id: 'b', createdAt: new Date(2), v: 1 };
  it('upsertById replaces by id and keeps the newest first', () => {
    expect(upsertById([a], b)).toEqual([b, a]);
    expect(upsertById([b, a], { ...a, v: 2 })).toEqual([b, { ...a, v: 2 }]);
  });
  it('putFirstOrReplace puts a new entry first and replaces a known one in place', () => {
    expect(putFirstOrReplace([a], b)).toEqual([b, a]);
    expect(putFirstOrReplace([a, b], { ...b, v: 3 })).toEqual([a, { ...b, v: 3 }]);
  });
  it('withoutId drops only that entry', () => {
    expect(withoutId([a, b], 'a')).toEqual([b]);
  });
});

describe('request writers', () => {
  it('sets the status of that item only, and its chat when one is given', () => {
    const list = [request('1', 'unread'), request('2', 'unread')];
    const next = withStatus(list, { id: '1', status: 'accepted', chatId: 'c1' });
    expect(next.map((item) => [item.id, item.status, item.chatId])).toEqual([
      ['1', 'accepted', 'c1'],
      ['2', 'unread', null],
    ]);
    expect(next[0]!.updatedAt.getTime()).toBeGreaterThan(0);
  });
  it('marks read only what is still unread (a live change that came first wins)', () => {
    const list = [request('1', 'accepted')];
    expect(withStatus(list, { id: '1', status: 'read', only: 'unread' })[0]!.status).toBe('accepted');
  });
});

describe('event writers', () => {
  const event = (id: string, title = id) => ({ id, title }) as EventView;
  const data = { pages: [[event('1'), event('2')], [event('3')]], pageParams: [null, '2'] };
  it('replaces the event on whichever page lists it', () => {
    const next = replacedInPages(data, event('3', 'new'));
    expect(next.pages[1]![0]!.title).toBe('new');
    expect(next.pages[0]).toEqual(data.pages[0]);
    expect(next.pageParams).toBe(data.pageParams);
  });
  it('removes a deleted event from every page', () => {
    expect(removedFromPages(data, '1').pages.map((page) => page.map((item) => item.id))).toEqual([
      ['2'],
      ['3'],
    ]);
  });
  it('clears the unread messages of the event whose chat was read, only', () => {
    const pages = [
      [
        { ...event('1'), unreadMessages: 2 },
        { ...event('2'), unreadMessages: 5 },
      ],
    ];
    const next = readInPages({ pages, pageParams: [null] }, '1');
    expect(next.pages[0]!.map((item) => item.unreadMessages)).toEqual([0, 5]);
  });
});

describe('chat list writers', () => {
  it('clears the unread count of the read chat only', () => {
    const list = [
      { id: 'x', unread: 3 },
      { id: 'y', unread: 2 },
    ] as ChatSummary[];
    expect(readChat(list, 'x').map((chat) => chat.unread)).toEqual([0, 2]);
  });
});
